import type { ReturnReport } from '@vroum/core/operations';
import { InvoicingDocumentList } from '@vroum/core/invoicing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MOVEMENTS, DOCUMENT_RULES } from '../../src/modules/invoicing/document-rules';
import { invoicingDeps } from '../../src/modules/invoicing/invoicing.jobs';
import { issuePendingDocuments } from '../../src/modules/invoicing/invoicing.service';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout } from '../helpers/checkout';
import { recordDepositHold, recordRentalPayment } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let pay: ReturnType<typeof checkout>;
let customer: SignedInUser;
let agent: SignedInUser;
let adminCookie: string;
let nextDay = Date.now() + 20 * 86_400_000;
const days = (count: number) => {
  const start = nextDay;
  nextDay += (count + 1) * 86_400_000;
  return start;
};
const parisDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(ms));
/** The seeded month: every movement of this test's database falls within it. */
const period = {
  from: parisDay(Date.now() - 29 * 86_400_000),
  to: parisDay(Date.now() + 86_400_000),
};

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

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

async function paidBooking(promo?: string) {
  const start = await pay.start(customer, 'mercedes-classe-s-500', days(3), 3, promo);
  expect((await pay.confirmCard(start)).statusCode).toBe(200);
  await pay.capture(customer, start.paymentIntentId);
  return start;
}

/** A rental handed over and brought back 250 km beyond its allowance, 10 % of the tank short. */
async function returnedWithCharges() {
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
  expect(
    (
      await call(
        agent.cookie,
        'POST',
        `/api/v1/agent/missions/${bookingId}/handover`,
        handoverReport,
      )
    ).statusCode,
  ).toBe(200);
  const rest: Partial<typeof handoverReport> = { ...handoverReport };
  delete rest.identityChecked;
  const report: ReturnReport = {
    ...(rest as ReturnReport),
    atAgency: true,
    damageCents: 0,
    chargeNote: '',
    odometerKm: 12_450 + 1_250,
    fuelPercent: 90,
  };
  const back = await call(
    agent.cookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/return`,
    report,
  );
  expect(back.statusCode, back.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp();
  pay = checkout(ctx);
  customer = await signUpUser(ctx, 'compta.client@example.fr');
  agent = await signUpUser(ctx, 'compta.agent@example.fr');
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });

  // The month: three paid rentals, a partial refund, a customer's cancellation, a return charged.
  await paidBooking();
  const refunded = await paidBooking();
  const refund = await call(
    adminCookie,
    'POST',
    `/api/v1/admin/bookings/${refunded.bookingId}/refund`,
    { amountCents: 33_333 },
    'compta-refund',
  );
  expect(refund.statusCode, refund.body).toBe(200);
  const cancelled = await paidBooking();
  expect((await pay.cancel(customer, cancelled.bookingId)).statusCode).toBe(200);
  await returnedWithCharges();
  const deps = invoicingDeps(ctx.app);
  while ((await issuePendingDocuments(deps)) > 0);
}, 180_000);
afterAll(() => ctx.close());

interface Movement {
  id: number;
  kind: string;
  amount_cents: number;
}

const ledger = async () =>
  (
    await ctx.db.query<Movement>(
      `select id::int as id, kind, amount_cents from money_movements
        where state = 'done' and amount_cents > 0 order by id`,
    )
  ).rows;

const cents = (amount: string) => {
  expect(amount).toMatch(/^\d+,\d{2}$/);
  return Number(amount.replace(',', ''));
};

async function fec() {
  const answer = await call(
    adminCookie,
    'GET',
    `/api/v1/admin/accounting/fec?from=${period.from}&to=${period.to}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-disposition']).toContain(
    `912345678FEC${period.to.replace(/-/g, '')}.txt`,
  );
  const [header, ...rows] = answer.body.replace(/\r\n$/, '').split('\r\n');
  expect(header!.split('\t')).toHaveLength(18);
  return rows.map((row) => {
    const fields = row.split('\t');
    expect(fields).toHaveLength(18);
    const [
      journal,
      ,
      entry,
      date,
      account,
      ,
      aux,
      ,
      piece,
      pieceDate,
      ,
      debit,
      credit,
      ,
      ,
      validDate,
    ] = fields;
    expect(date).toMatch(/^\d{8}$/);
    expect(pieceDate).toBe(date);
    expect(validDate).toBe(date);
    return { journal, entry, account, aux, piece, debit: cents(debit!), credit: cents(credit!) };
  });
}

describe('the accounting export of a month', () => {
  it('has one balanced FEC entry per document and per payment, each equal to its ledger movement', async () => {
    const lines = await fec();
    const movements = await ledger();
    const documents = (
      await ctx.db.query<{ number: string; kind: string; movement_id: number }>(
        'select number, kind, movement_id::int as movement_id from invoicing_documents',
      )
    ).rows;
    const entries = new Map<string, typeof lines>();
    for (const line of lines) entries.set(line.entry!, [...(entries.get(line.entry!) ?? []), line]);
    for (const [entry, entryLines] of entries) {
      const debit = entryLines.reduce((sum, line) => sum + line.debit, 0);
      const credit = entryLines.reduce((sum, line) => sum + line.credit, 0);
      expect(debit, `entry ${entry} balances`).toBe(credit);
    }

    const expected = new Set<string>();
    for (const movement of movements) {
      const rule = DOCUMENT_RULES[movement.kind];
      if (rule) {
        const doc = documents.find((d) => d.movement_id === movement.id);
        expect(doc, `${movement.kind} ${movement.id} has its document`).toBeDefined();
        expect(doc!.kind).toBe(rule.kind);
        const entry = entries.get(doc!.number)!;
        expected.add(doc!.number);
        const customerLine = entry.find((line) => line.account === '411')!;
        expect(customerLine.aux).toMatch(/^C[0-9A-F]{10}$/);
        expect(rule.kind === 'invoice' ? customerLine.debit : customerLine.credit).toBe(
          movement.amount_cents,
        );
        const sales = entry.filter((line) => ['706', '758', '44571'].includes(line.account!));
        const side = (line: (typeof lines)[number]) =>
          rule.kind === 'invoice' ? line.credit : line.debit;
        expect(sales.reduce((sum, line) => sum + side(line), 0)).toBe(movement.amount_cents);
        expect(entry.every((line) => line.piece === doc!.number)).toBe(true);
      }
      const direction = BANK_MOVEMENTS[movement.kind];
      if (direction) {
        const entry = entries.get(`BQ-${movement.id}`)!;
        expected.add(`BQ-${movement.id}`);
        const bank = entry.find((line) => line.account === '512')!;
        const customerLine = entry.find((line) => line.account === '411')!;
        expect(direction === 'in' ? bank.debit : bank.credit).toBe(movement.amount_cents);
        expect(direction === 'in' ? customerLine.credit : customerLine.debit).toBe(
          movement.amount_cents,
        );
      }
    }
    expect([...entries.keys()].sort()).toEqual([...expected].sort());
    // The month holds what it was seeded with: rentals, a refund, a cancellation, a return.
    const kinds = new Set(movements.map((movement) => movement.kind));
    for (const kind of ['rental_capture', 'rental_refund', 'deposit_capture'])
      expect(kinds).toContain(kind);
  });

  it('agrees with the ledger to the cent, in the FEC and the sales journal alike', async () => {
    const movements = await ledger();
    const sum = (kinds: string[]) =>
      movements
        .filter((m) => kinds.includes(m.kind))
        .reduce((total, m) => total + m.amount_cents, 0);
    const sales = sum(
      Object.keys(DOCUMENT_RULES).filter((k) => DOCUMENT_RULES[k]!.kind === 'invoice'),
    );
    const credits = sum(
      Object.keys(DOCUMENT_RULES).filter((k) => DOCUMENT_RULES[k]!.kind === 'credit_note'),
    );
    const received = sum(Object.keys(BANK_MOVEMENTS).filter((k) => BANK_MOVEMENTS[k] === 'in'));
    const paidBack = sum(Object.keys(BANK_MOVEMENTS).filter((k) => BANK_MOVEMENTS[k] === 'out'));

    const lines = await fec();
    const balance = (journal: string, account: string) =>
      lines
        .filter((line) => line.journal === journal && line.account === account)
        .reduce((total, line) => total + line.debit - line.credit, 0);
    expect(balance('VE', '411')).toBe(sales - credits);
    expect(-(balance('VE', '706') + balance('VE', '758') + balance('VE', '44571'))).toBe(
      sales - credits,
    );
    expect(balance('BQ', '512')).toBe(received - paidBack);
    expect(balance('BQ', '411')).toBe(-(received - paidBack));

    const csv = await call(
      adminCookie,
      'GET',
      `/api/v1/admin/accounting/sales-journal?from=${period.from}&to=${period.to}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Date;Journal;Pièce;Type;Réservation;Compte;Compte auxiliaire;Libellé;Taux TVA (%);Débit;Crédit',
    );
    const csvLines = rows.map((row) => row.split(';'));
    expect(csvLines).toHaveLength(lines.filter((line) => line.journal === 'VE').length);
    for (const account of ['411', '706', '758', '44571']) {
      const csvBalance = csvLines
        .filter((fields) => fields[5] === account)
        .reduce((total, fields) => total + cents(fields[9]!) - cents(fields[10]!), 0);
      expect(csvBalance, `account ${account}`).toBe(balance('VE', account));
    }
    expect(
      csvLines.filter((fields) => fields[5] === '706').every((fields) => fields[8] === '20'),
    ).toBe(true);
  });

  it('lists the documents in the console, filtered by number and booking, each downloadable', async () => {
    const all = InvoicingDocumentList.parse(
      (
        await call(adminCookie, 'GET', `/api/v1/admin/invoices?from=${period.from}&to=${period.to}`)
      ).json(),
    ).documents;
    expect(all.length).toBeGreaterThanOrEqual(6);
    const credit = all.find((doc) => doc.kind === 'credit_note')!;
    const byNumber = InvoicingDocumentList.parse(
      (await call(adminCookie, 'GET', `/api/v1/admin/invoices?number=${credit.number}`)).json(),
    ).documents;
    expect(byNumber.map((doc) => doc.id)).toEqual([credit.id]);
    const byBooking = InvoicingDocumentList.parse(
      (
        await call(adminCookie, 'GET', `/api/v1/admin/invoices?booking=${credit.bookingReference}`)
      ).json(),
    ).documents;
    expect(byBooking.map((doc) => doc.number).sort()).toEqual(
      all
        .filter((doc) => doc.bookingId === credit.bookingId)
        .map((doc) => doc.number)
        .sort(),
    );
    const pdf = await call(adminCookie, 'GET', `/api/v1/admin/invoices/${credit.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`avoir-${credit.number}.pdf`);
  });

  it('refuses a period that ends before it starts in French, and the exports to a customer', async () => {
    const reversed = await call(
      adminCookie,
      'GET',
      '/api/v1/admin/accounting/fec?from=2026-11-30&to=2026-11-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toContain('La fin de la période précède son début');
    const asCustomer = await call(
      customer.cookie,
      'GET',
      `/api/v1/admin/accounting/fec?from=${period.from}&to=${period.to}`,
    );
    expect(asCustomer.statusCode).toBe(403);
  });
});
