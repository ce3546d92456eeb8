import { createHash } from 'node:crypto';
import type { ReturnReport } from '@vroum/core/operations';
import { InvoicingDocumentList } from '@vroum/core/invoicing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/client';
import { recordMovement } from '../../src/modules/bookings/money-ledger.repository';
import { returnChargeLines } from '../../src/modules/invoicing/document-rules';
import { invoicingDeps } from '../../src/modules/invoicing/invoicing.jobs';
import {
  issueDocumentFor,
  issuePendingDocuments,
  type InvoicingDeps,
} from '../../src/modules/invoicing/invoicing.service';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout } from '../helpers/checkout';
import { recordDepositHold, recordRentalPayment } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let pay: ReturnType<typeof checkout>;
let customer: SignedInUser;
let stranger: SignedInUser;
let agent: SignedInUser;
let adminCookie: string;
let deps: InvoicingDeps;
let nextDay = Date.UTC(2027, 2, 1, 9);
const days = (count: number) => {
  const start = nextDay;
  nextDay += (count + 1) * 86_400_000;
  return start;
};

beforeAll(async () => {
  ctx = await createTestApp();
  pay = checkout(ctx);
  customer = await signUpUser(ctx, 'facture.client@example.fr');
  stranger = await signUpUser(ctx, 'facture.autre@example.fr');
  agent = await signUpUser(ctx, 'facture.agent@example.fr');
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
  deps = invoicingDeps(ctx.app);
}, 120_000);
afterAll(() => ctx.close());

function call(
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  key?: string,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      cookie,
      origin: ctx.config.site.publicUrl,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function paidBooking(user = customer, slug = 'mercedes-classe-s-500') {
  const start = await pay.start(user, slug, days(2));
  expect((await pay.confirmCard(start)).statusCode).toBe(200);
  await pay.capture(user, start.paymentIntentId);
  return start;
}

/** Every movement waiting for its document gets it, as the periodic job's rounds do. */
async function issueAll() {
  while ((await issuePendingDocuments(deps)) > 0);
}

interface StoredDoc {
  id: string;
  kind: string;
  number: string;
  series: string;
  seq: number;
  movement_id: number;
  corrects_id: string | null;
  issued_at: Date;
  seller: Record<string, string>;
  customer: Record<string, string>;
  lines: {
    label: string;
    quantity: number;
    vatRateBp: number | null;
    htCents: number;
    vatCents: number;
    ttcCents: number;
  }[];
  payment: Record<string, string | null>;
  total_ht_cents: number;
  total_vat_cents: number;
  total_ttc_cents: number;
}

const documentsOf = async (bookingId: string) =>
  (
    await ctx.db.query<StoredDoc>(
      `select *, movement_id::int as movement_id from invoicing_documents
        where booking_id = $1 order by issued_at`,
      [bookingId],
    )
  ).rows;

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

describe('invoices and credit notes follow the ledger', () => {
  it('invoices a paid rental once, its lines summing to the capture, with every mandatory mention', async () => {
    const start = await paidBooking();
    await issueAll();
    await issueAll();
    const [invoice, ...others] = await documentsOf(start.bookingId);
    expect(others).toEqual([]);
    expect(invoice!.kind).toBe('invoice');
    expect(invoice!.number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(invoice!.total_ttc_cents).toBe(start.amountCents);
    expect(invoice!.lines.reduce((sum, line) => sum + line.ttcCents, 0)).toBe(start.amountCents);
    expect(invoice!.total_ht_cents + invoice!.total_vat_cents).toBe(start.amountCents);
    expect(invoice!.lines[0]).toMatchObject({ quantity: 2, vatRateBp: 2000 });
    expect(invoice!.lines[0]!.label).toContain('Mercedes');
    expect(invoice!.seller).toEqual({
      legalName: 'Vroum Prestige SAS',
      legalForm: 'SAS',
      address: '12 avenue de la Grande Armée, 75017 Paris',
      siren: '912345678',
      siret: '91234567800015',
      rcs: 'RCS Paris 912345678',
      shareCapital: '50\u00a0000\u00a0€',
      vatNumber: 'FR74912345678',
    });
    expect(invoice!.customer).toEqual({
      name: 'Camille Martin',
      address: '4 place Bellecour, 69002 Lyon',
      email: customer.email,
    });
    expect(invoice!.payment).toMatchObject({ method: 'Carte bancaire', due: null });
    const mail = await ctx.db.query(
      `select 1 from email_outbox where to_address = $1 and subject like $2`,
      [customer.email, `Votre facture ${invoice!.number}%`],
    );
    expect(mail.rows).toHaveLength(1);
    const confirmation = await ctx.db.query<{ text: string }>(
      `select text from email_outbox where to_address = $1 and template = 'booking-confirmed'
          and text like $2`,
      [customer.email, `%/reservation/${start.bookingId}%`],
    );
    expect(confirmation.rows[0]!.text).toContain(`/reservation/${start.bookingId}#factures`);
  });

  it('lets the owner list and download the PDF as stored, and nobody else', async () => {
    const start = await paidBooking();
    await issueAll();
    const listed = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${start.bookingId}/invoices`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const [summary] = InvoicingDocumentList.parse(listed.json()).documents;
    expect(summary).toMatchObject({ kind: 'invoice', totalTtcCents: start.amountCents });
    const profile = InvoicingDocumentList.parse(
      (await call(customer.cookie, 'GET', '/api/v1/invoices')).json(),
    );
    expect(profile.documents.map((doc) => doc.id)).toContain(summary!.id);

    const pdf = await call(customer.cookie, 'GET', `/api/v1/invoices/${summary!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`facture-${summary!.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = await ctx.db.query<{ sha256: string }>(
      'select sha256 from invoicing_document_files where document_id = $1',
      [summary!.id],
    );
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(file.rows[0]!.sha256);

    for (const url of [
      `/api/v1/invoices/${summary!.id}/pdf`,
      `/api/v1/bookings/${start.bookingId}/invoices`,
    ]) {
      expect((await call(stranger.cookie, 'GET', url)).statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/invoices/${summary!.id}/pdf` }))
        .statusCode,
    ).toBe(401);
  });

  it('issues a credit note for each refund, naming the invoice it corrects', async () => {
    const start = await paidBooking();
    const refund = await call(
      adminCookie,
      'POST',
      `/api/v1/admin/bookings/${start.bookingId}/refund`,
      { amountCents: 12_345 },
      `invoice-refund-${start.bookingId}`,
    );
    expect(refund.statusCode, refund.body).toBe(200);
    await issueAll();
    const [invoice, credit] = await documentsOf(start.bookingId);
    expect(credit).toMatchObject({ kind: 'credit_note', corrects_id: invoice!.id });
    expect(credit!.number).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(credit!.total_ttc_cents).toBe(12_345);
    expect(credit!.total_ht_cents).toBe(10_288);
    expect(credit!.total_vat_cents).toBe(2_057);
    const listed = InvoicingDocumentList.parse(
      (await call(customer.cookie, 'GET', `/api/v1/bookings/${start.bookingId}/invoices`)).json(),
    );
    expect(listed.documents[1]).toMatchObject({
      kind: 'credit_note',
      correctsNumber: invoice!.number,
    });
  });

  it('never changes or removes an issued document', async () => {
    const start = await paidBooking();
    await issueAll();
    const [invoice] = await documentsOf(start.bookingId);
    await expect(
      ctx.db.query('update invoicing_documents set total_ttc_cents = 1 where id = $1', [
        invoice!.id,
      ]),
    ).rejects.toThrow(/never changed/);
    await expect(
      ctx.db.query('delete from invoicing_documents where id = $1', [invoice!.id]),
    ).rejects.toThrow(/never changed/);
  });
});

describe('the return’s charges', () => {
  const returnReport = (overrides: Partial<ReturnReport> = {}): ReturnReport => {
    const rest: Partial<typeof handoverReport> = { ...handoverReport };
    delete rest.identityChecked;
    return {
      ...(rest as ReturnReport),
      atAgency: false,
      damageCents: 0,
      chargeNote: '',
      ...overrides,
    };
  };

  it('invoices what the deposit paid as kilometres and fuel, each with its quantity', async () => {
    const bookingId = await rental.paidBooking(customer);
    await rental.validateIdentity(customer, bookingId);
    await rental.signCurrentContract(customer, bookingId);
    await recordRentalPayment(ctx.db, bookingId, 74_700);
    await recordDepositHold(ctx.db, bookingId, 350_000);
    for (const kind of ['delivery', 'return']) {
      await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
        kind,
        agentId: agent.id,
      });
    }
    const handover = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      handoverReport,
    );
    expect(handover.statusCode, handover.body).toBe(200);
    const back = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport({ odometerKm: 12_450 + 1_250, fuelPercent: 90 }),
    );
    expect(back.statusCode, back.body).toBe(200);
    await issueAll();
    const docs = await documentsOf(bookingId);
    const charges = docs.find((doc) => doc.total_ttc_cents === 13_250)!;
    expect(charges.payment.method).toBe('Carte bancaire (prélevé sur la caution)');
    expect(
      charges.lines.map((line) => [line.label, line.quantity, line.ttcCents, line.vatRateBp]),
    ).toEqual([
      ['Kilomètres supplémentaires', 250, 11_750, 2000],
      ['Carburant ou recharge manquant (en % du réservoir)', 10, 1_500, 2000],
    ]);
    expect(charges.total_ht_cents).toBe(11_042);

    // A contested return's refund travels on the rental's payment, but gives back the charges.
    const { rows } = await ctx.db.query<{ provider_ref: string }>(
      `select provider_ref from money_movements where booking_id = $1 and kind = 'rental_capture'`,
      [bookingId],
    );
    await recordMovement(ctx.db, {
      bookingId,
      kind: 'rental_refund',
      amountCents: 5_000,
      provider: 'sandbox',
      providerRef: rows[0]!.provider_ref,
      key: `dispute:${bookingId}:refund`,
    });
    await issueAll();
    const credit = (await documentsOf(bookingId)).find((doc) => doc.kind === 'credit_note')!;
    expect(credit.corrects_id).toBe(charges.id);
    expect(credit.lines).toEqual([
      expect.objectContaining({
        label: 'Remboursement des frais de restitution contestés',
        ttcCents: 5_000,
        vatRateBp: 2000,
      }),
    ]);
  });
});

describe('the lines of the return’s charges', () => {
  const charges = {
    extraKm: 100,
    extraKmCents: 4_700,
    missingFuelPercent: 10,
    fuelCents: 1_500,
    damageCents: 200_000,
  };

  it('takes the items in order across the movements that pay them, each once', () => {
    const fromDeposit = returnChargeLines(charges, 0, 150_000, 'Frais');
    const fromCard = returnChargeLines(charges, 150_000, 56_200, 'Frais');
    expect(fromDeposit.map((line) => [line.label, line.quantity, line.ttcCents, line.vat])).toEqual(
      [
        ['Kilomètres supplémentaires', 100, 4_700, 'standard'],
        ['Carburant ou recharge manquant (en % du réservoir)', 10, 1_500, 'standard'],
        ['Indemnité de dommages (hors champ de TVA) (part)', 1, 143_800, 'outside'],
      ],
    );
    expect(fromCard.map((line) => [line.label, line.ttcCents, line.vat])).toEqual([
      ['Indemnité de dommages (hors champ de TVA) (part)', 56_200, 'outside'],
    ]);
  });

  it('gives what the return did not decide a line of its own, so the invoice equals the money', () => {
    expect(returnChargeLines(null, 0, 2_500, 'Retenue sur la caution')).toEqual([
      { label: 'Retenue sur la caution', quantity: 1, ttcCents: 2_500, vat: 'standard' },
    ]);
  });
});

/** A database whose issuing transactions fail once the number is taken, for `failing` movements. */
function failingAfterNumber(db: Database, failing: Set<number>): Database {
  const transaction: Database['transaction'] = (work) =>
    db.transaction((tx) => {
      let movementId: number | null = null;
      const wrapped: Queryable = {
        query: (text, params) => {
          if (text.includes('for update') && params) movementId = Number(params[0]);
          if (text.includes('insert into invoicing_documents') && failing.has(movementId!)) {
            return Promise.reject(new Error('the issue failed after its number was taken'));
          }
          return tx.query(text, params);
        },
        exec: (sql) => tx.exec(sql),
      };
      return work(wrapped);
    });
  return new Proxy(db, {
    get: (target, key) => (key === 'transaction' ? transaction : Reflect.get(target, key, target)),
  });
}

describe('numbering', () => {
  it('gives one series without a gap or a duplicate, across concurrent and failed issues', async () => {
    await issueAll();
    const bookings = [];
    for (let i = 0; i < 8; i += 1) bookings.push(await paidBooking());
    const { rows: movements } = await ctx.db.query<{ id: number }>(
      `select id::int as id from money_movements m where kind = 'rental_capture'
          and not exists (select 1 from invoicing_documents d where d.movement_id = m.id)`,
    );
    expect(movements.length).toBe(8);
    const failing = new Set(movements.filter((_, index) => index % 3 === 0).map((m) => m.id));
    const flaky = { ...deps, db: failingAfterNumber(ctx.db, failing) };
    const outcomes = await Promise.allSettled([
      ...movements.map((movement) => issueDocumentFor(flaky, movement.id)),
      // The same movement asked twice at once gets one document.
      ...movements.map((movement) => issueDocumentFor(deps, movement.id)),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').length).toBeGreaterThan(0);
    await issueAll();
    const { rows } = await ctx.db.query<{
      series: string;
      seq: number;
      issued_at: Date;
      movement_id: string;
    }>(
      `select series, seq, issued_at, movement_id from invoicing_documents where kind = 'invoice'
        order by seq`,
    );
    expect(new Set(rows.map((row) => row.series)).size).toBe(1);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(new Set(rows.map((row) => row.movement_id)).size).toBe(rows.length);
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.issued_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.issued_at.getTime());
    }
    for (const movement of movements) {
      const docs = await ctx.db.query('select 1 from invoicing_documents where movement_id = $1', [
        movement.id,
      ]);
      expect(docs.rows).toHaveLength(1);
    }
    expect(bookings).toHaveLength(8);
  });
});
