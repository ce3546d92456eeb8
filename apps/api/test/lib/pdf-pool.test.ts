import { Worker } from 'node:worker_threads';
import { DEFAULT_SITE } from '@vroum/core/site-defaults';
import { SiteInfo } from '@vroum/core/site';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error';
import {
  openPdfPool,
  PdfPool,
  PdfUnavailable,
  renderInPdfWorker,
  type PdfWorkerData,
} from '../../src/lib/pdf-pool';
import { renderContractPdf } from '../../src/modules/contracts/contract-pdf';
import type { ContractTerms } from '../../src/modules/contracts/contract-terms';
import type { renderInspectionReport } from '../../src/modules/operations/inspection-pdf';

// The PDFs are rendered in worker threads (decision 053): the same bytes as in the server's
// thread, a rendering's own French error kept, and a thread that crashes or does not answer
// turned into a refusal (503) instead of a request left hanging.

const site = SiteInfo.parse({ ...DEFAULT_SITE, publicUrl: 'http://localhost:3000' });
const terms: ContractTerms = {
  bookingId: '00000000-0000-4000-8000-000000000001',
  reference: 'VP-TEST01',
  customer: {
    name: 'Léa Martin',
    email: 'lea@example.fr',
    phone: '+33600000000',
    address: '1 rue de Rivoli, 75001 Paris',
  },
  driver: {
    name: 'Léa Martin',
    dateOfBirth: '1990-04-02',
    licenseNumber: '12AB34567',
    licenseIssueDate: '2010-06-01',
    licenseCountry: 'FR',
  },
  vehicle: { name: 'Porsche Panamera', category: 'Luxe', registration: 'AB-123-CD' },
  pickupDate: '2026-12-01T09:00:00.000Z',
  returnDate: '2026-12-03T09:00:00.000Z',
  deliveryAddress: '1 rue de Rivoli, 75001 Paris',
  returnAddress: '1 rue de Rivoli, 75001 Paris',
  withDriver: false,
  lines: [{ label: 'Location 2 jours', amountCents: 90_000 }],
  totalCents: 90_000,
  depositCents: 500_000,
  protection: { name: 'Essentielle', excess: 'franchise de 3 000 €' },
  kilometres: { included: '400 km inclus', extraKmCents: 150 },
};

/**
 * A thread that answers 'contract' with the number of widths it started with (and measures one),
 * never answers 'invoice', and dies on anything else.
 */
const fakeWorker = (workerData: PdfWorkerData) =>
  new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.on('message', ({ id, task }) => {
       if (task === 'contract')
         parentPort.postMessage({ id, value: workerData.widths.length, widths: [['w', 1]] });
       else if (task !== 'invoice') process.exit(3);
     });`,
    { eval: true, workerData },
  );

const pools: PdfPool[] = [];
const pool = (workers = 1, timeoutMs = 30_000) => {
  const created = new PdfPool({ workers, timeoutMs }, fakeWorker);
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('PDFs rendered in worker threads', { timeout: 60_000 }, () => {
  let shared: { close(): Promise<void> } | undefined;
  beforeAll(() => {
    shared = openPdfPool({ workers: 1, timeoutMs: 30_000 });
  });
  afterAll(() => shared?.close());

  it('renders a contract in a thread byte for byte as in this one', async () => {
    const inThread = await renderInPdfWorker<typeof renderContractPdf>('contract', site, terms, 2);
    const here = await renderContractPdf(site, terms, 2);
    expect(inThread).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(inThread).equals(Buffer.from(here))).toBe(true);
  });

  it("keeps a rendering's own French error (an unreadable signature)", async () => {
    const failure = await renderInPdfWorker<typeof renderInspectionReport>(
      'inspection-report',
      site,
      {
        kind: 'handover',
        reference: 'VP-TEST01',
        vehicleName: 'Porsche Panamera',
        customerName: 'Léa Martin',
        address: '1 rue de Rivoli, 75001 Paris',
        agentName: 'Agent',
        at: new Date('2026-12-01T09:00:00Z'),
        odometerKm: 1200,
        fuelPercent: 100,
        keysCount: 2,
        accessories: [],
        identityChecked: true,
        damages: [],
        interiorNote: '',
        photos: new Map(),
        signerName: 'Léa Martin',
        signaturePng: new Uint8Array([1, 2, 3]),
      },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'signature_invalid', statusCode: 400 });
  });

  it('refuses a rendering not answered in time (503), and renders the next on a new thread', async () => {
    // Long enough for a new thread to start on a loaded machine: the limit counts its start too.
    const p = pool(1, 2_000);
    const late = await p.run('invoice', []).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(PdfUnavailable);
    expect(late).toMatchObject({ statusCode: 503 });
    await expect(p.run('contract', [])).resolves.toBe(0);
  });

  it('refuses the rendering of a thread that crashed, and goes on with a new one', async () => {
    const p = pool(1);
    const waiting = p.run('contract', []);
    await expect(p.run('contract-seal', [])).rejects.toBeInstanceOf(PdfUnavailable);
    await expect(waiting).resolves.toBe(0);
    // The new thread starts with the width the first one measured.
    await expect(p.run('contract', [])).resolves.toBe(1);
  });

  it('gives a thread started during a rush the widths the others measured', async () => {
    const p = pool(2);
    await expect(p.run('contract', [])).resolves.toBe(0);
    const busy = p.run('invoice', []).catch(() => undefined);
    await expect(p.run('contract', [])).resolves.toBe(1);
    await p.close();
    await busy;
  });

  it('on close, refuses what runs and what waits, and anything asked afterwards', async () => {
    const p = pool(1);
    const running = p.run('invoice', []).catch((error: unknown) => error);
    const waiting = p.run('contract', []).catch((error: unknown) => error);
    await p.close();
    expect(await running).toBeInstanceOf(PdfUnavailable);
    expect(await waiting).toBeInstanceOf(PdfUnavailable);
    await expect(p.run('contract', [])).rejects.toBeInstanceOf(PdfUnavailable);
  });

  it('renders ahead of need only when no one waits, one such rendering at a time', async () => {
    const order: string[] = [];
    const p = pool(1);
    const run = (name: string, background: boolean) =>
      p.run('contract', [], background).then(() => order.push(name));
    // Asked after it, the request's contract still goes before the one rendered ahead.
    await Promise.all([run('asked', false), run('ahead', true), run('asked later', false)]);
    expect(order).toEqual(['asked', 'asked later', 'ahead']);
    let threads = 0;
    const idle = new PdfPool({ workers: 2, timeoutMs: 30_000 }, (data) => {
      threads += 1;
      return fakeWorker(data);
    });
    pools.push(idle);
    // Idle threads: the renderings ahead of need still take one thread, never both.
    await Promise.all([1, 2, 3].map(() => idle.run('contract', [], true)));
    expect(threads).toBe(1);
  });
});
