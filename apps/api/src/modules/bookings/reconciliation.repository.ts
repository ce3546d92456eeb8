import type { Queryable } from '../../db/client';

export interface PaymentToReconcile {
  booking_id: string;
  provider_ref: string;
  /** A row of `payments` (the rental's, a deposit's, a card charge's), or an intent only the
   * ledger knows: an extension's or a balance's payment. */
  kind: 'rental' | 'deposit' | 'extension' | 'balance';
}

/**
 * Every intent of recent bookings the app knows of this processor, least recently compared
 * (never first), at most `limit`: the rows of `payments`, and the intents of the ledger's
 * extension and balance payments, which have none. An intent with a movement still under way
 * waits for the next round.
 */
export async function findPaymentsToReconcile(
  db: Queryable,
  provider: string,
  limit: number,
): Promise<PaymentToReconcile[]> {
  const { rows } = await db.query<PaymentToReconcile>(
    `with intents as (
       select p.booking_id, p.provider_ref, p.kind, p.reconciled_at, p.created_at
         from payments p where p.provider = $1
       union all
       (select distinct on (m.provider_ref) m.booking_id, m.provider_ref,
              case m.kind when 'extension_payment' then 'extension' else 'balance' end,
              c.reconciled_at, m.created_at
         from money_movements m
         left join intent_reconciliations c
           on c.provider = m.provider and c.provider_ref = m.provider_ref
        where m.provider = $1 and m.provider_ref is not null
          and m.kind in ('extension_payment', 'balance_payment')
          and not exists (select 1 from payments p
                           where p.provider = m.provider and p.provider_ref = m.provider_ref)
        order by m.provider_ref, m.id))
     select i.booking_id, i.provider_ref, i.kind from intents i
       join bookings b on b.id = i.booking_id
      where b.return_date > now() - interval '90 days'
        and (i.reconciled_at is null or i.reconciled_at < now() - interval '1 hour')
        and not exists (select 1 from money_movements m
                         where m.provider_ref = i.provider_ref and m.state = 'pending')
      order by i.reconciled_at nulls first, i.created_at limit $2`,
    [provider, limit],
  );
  return rows;
}

export interface IntentLedger {
  capturedCents: number;
  refundedCents: number;
  heldCents: number;
}

/**
 * What the ledger says of one intent: received (the rental, a deposit or card charge, an extension,
 * a balance), refunded, and (a deposit) still held.
 */
export async function findIntentLedger(db: Queryable, providerRef: string): Promise<IntentLedger> {
  const { rows } = await db.query<IntentLedger>(
    `select
       coalesce(sum(amount_cents) filter (where kind in ('rental_capture', 'deposit_capture',
         'card_charge', 'extension_payment', 'balance_payment')), 0)::int as "capturedCents",
       coalesce(sum(amount_cents) filter (where kind = 'rental_refund'), 0)::int as "refundedCents",
       (coalesce(sum(amount_cents) filter (where kind = 'deposit_hold'), 0)
        - coalesce(sum(amount_cents) filter (where kind in ('deposit_capture', 'deposit_release')), 0))::int as "heldCents"
       from money_movements where provider_ref = $1 and state = 'done'`,
    [providerRef],
  );
  return rows[0]!;
}

export interface Measure {
  measure: 'captured' | 'refunded' | 'held';
  ledgerCents: number;
  processorCents: number;
}

/**
 * Records the comparison of one intent: a measure that differs is opened (or kept open, with
 * the latest amounts), one that agrees again is resolved; the intent is marked compared.
 */
export async function recordComparison(
  tx: Queryable,
  payment: PaymentToReconcile & { provider: string },
  measures: readonly Measure[],
): Promise<void> {
  for (const { measure, ledgerCents, processorCents } of measures) {
    if (ledgerCents === processorCents) {
      await tx.query(
        `update reconciliation_differences set resolved_at = now(), checked_at = now()
          where provider = $1 and provider_ref = $2 and measure = $3 and resolved_at is null`,
        [payment.provider, payment.provider_ref, measure],
      );
      continue;
    }
    await tx.query(
      `insert into reconciliation_differences (booking_id, provider, provider_ref, measure,
         ledger_cents, processor_cents)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (provider, provider_ref, measure) where resolved_at is null
       do update set ledger_cents = excluded.ledger_cents,
         processor_cents = excluded.processor_cents, checked_at = now()`,
      [
        payment.booking_id,
        payment.provider,
        payment.provider_ref,
        measure,
        ledgerCents,
        processorCents,
      ],
    );
  }
  if (payment.kind === 'extension' || payment.kind === 'balance') {
    await tx.query(
      `insert into intent_reconciliations (provider, provider_ref, reconciled_at)
       values ($1, $2, now())
       on conflict (provider, provider_ref) do update set reconciled_at = now()`,
      [payment.provider, payment.provider_ref],
    );
    return;
  }
  await tx.query(
    'update payments set reconciled_at = now() where provider = $1 and provider_ref = $2',
    [payment.provider, payment.provider_ref],
  );
}

export interface DifferenceRow {
  id: number;
  booking_id: string;
  reference: string;
  provider: string;
  provider_ref: string;
  measure: Measure['measure'];
  ledger_cents: number;
  processor_cents: number;
  detected_at: Date;
  checked_at: Date;
}

/** The differences still open, newest first. */
export async function findOpenDifferences(db: Queryable, limit = 200): Promise<DifferenceRow[]> {
  const { rows } = await db.query<DifferenceRow>(
    `select d.id, d.booking_id, b.reference, d.provider, d.provider_ref, d.measure,
        d.ledger_cents, d.processor_cents, d.detected_at, d.checked_at
       from reconciliation_differences d join bookings b on b.id = d.booking_id
      where d.resolved_at is null order by d.detected_at desc, d.id desc limit $1`,
    [limit],
  );
  return rows;
}
