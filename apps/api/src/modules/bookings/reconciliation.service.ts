import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import {
  findIntentLedger,
  findPaymentsToReconcile,
  recordComparison,
  type Measure,
} from './reconciliation.repository';

/** What the reconciliation needs: the ledger's database, the processor, a log. */
export interface ReconciliationDeps {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/** Intents compared per round: the processor is asked once for each. */
const PER_ROUND = 50;

/**
 * Compares the ledger with the processor, intent by intent: the amount captured, the amount
 * refunded, and for a deposit what is still held. A difference is kept open for the team (the
 * console lists it with its booking) until a later comparison finds them in agreement. Each
 * intent is compared again an hour later at the soonest; one the processor cannot answer for
 * now waits for the next round.
 */
export async function reconcileLedger(deps: ReconciliationDeps): Promise<number> {
  const payments = await findPaymentsToReconcile(deps.db, deps.payments.name, PER_ROUND);
  let compared = 0;
  for (const payment of payments) {
    let intent;
    try {
      intent = await deps.payments.retrieveIntent(payment.provider_ref);
    } catch (error) {
      deps.log.error({ err: error, intent: payment.provider_ref }, 'reconciliation read failed');
      continue;
    }
    const ledger = await findIntentLedger(deps.db, payment.provider_ref);
    const measures: Measure[] = [
      {
        measure: 'captured',
        ledgerCents: ledger.capturedCents,
        processorCents: intent.amountReceivedCents,
      },
      {
        measure: 'refunded',
        ledgerCents: ledger.refundedCents,
        processorCents: intent.amountRefundedCents,
      },
    ];
    if (payment.kind === 'deposit') {
      measures.push({
        measure: 'held',
        ledgerCents: ledger.heldCents,
        processorCents: intent.status === 'requires_capture' ? intent.amountCapturableCents : 0,
      });
    }
    await deps.db.transaction((tx) =>
      recordComparison(tx, { ...payment, provider: deps.payments.name }, measures),
    );
    compared += 1;
  }
  return compared;
}
