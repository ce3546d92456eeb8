import type { FastifyInstance } from 'fastify';
import { claimJobLease } from './db/job-leases.repository';
import { INSTANCE_ID } from './lib/instance-id';
import { startScheduler, type Scheduler } from './lib/scheduler';
import {
  placeDueDepositHolds,
  reconcilePendingPayments,
  releaseExpiredHolds,
  renewDepositHolds,
} from './modules/bookings/booking-jobs';
import { rentalStepsDeps } from './modules/bookings/booking-ops-deps';
import { settleLatePayments, settlePendingMovements } from './modules/bookings/money-jobs';
import { settleLapsedExtensions } from './modules/bookings/rental-extension.service';
import { reconcileLedger } from './modules/bookings/reconciliation.service';
import { remindMissingSteps } from './modules/bookings/rental-steps.jobs';
import { issueInvoicingDocuments } from './modules/invoicing/invoicing.jobs';
import { prepareMissingContracts } from './modules/contracts/contract-preparation';
import { contractsDeps } from './modules/contracts/contracts-deps';
import { redactEndedIdentityChecks } from './modules/identity/identity-retention';
import { purgeExpiredInspectionPhotos } from './modules/operations/inspections.jobs';
import { finishVehiclePhotos } from './modules/vehicle-photos/vehicle-photos.jobs';
import { retryProviderEvents } from './modules/webhooks/webhook-retry.jobs';
import { webhookSources } from './webhook-sources';

/** The providers' events whose handling failed, handled again (each port's source). */
const retryWebhooks = (app: FastifyInstance) => retryProviderEvents(app, webhookSources(app));

/** Extensions whose payment was left open: recorded when paid, else cancelled (the car freed). */
const lapseExtensions = (app: FastifyInstance) =>
  settleLapsedExtensions({
    db: app.db,
    payments: app.payments,
    site: app.config.site,
    log: app.log,
  });

/** The contracts to sign that the confirmation did not prepare (a crash in between). */
const prepareContracts = async (app: FastifyInstance) => {
  if (app.config.contractsAhead) await prepareMissingContracts(contractsDeps(app, app.log));
};

/** The steps' reminders, with what the rental steps need (the app keeps its settings nested). */
const remindSteps = (app: FastifyInstance) => remindMissingSteps(rentalStepsDeps(app, app.log));

/**
 * The modules' periodic jobs (holds, payments to settle, movements left pending by a crash,
 * deposits, reminders, retention, photos, the providers' webhook events to retry, the ledger's
 * reconciliation with the processor, the invoices and credit notes of the ledger's movements,
 * the contracts to sign not yet rendered), run every `intervalMs`, one after the other;
 * one job's failure does not stop the next. Across instances, each round is run by the instance
 * that leases it first: the lease lasts most of the interval, so the next round is free to be
 * taken by whichever ticks first, and a crashed instance's rounds are taken over by the others.
 */
export function startPeriodicJobs(
  app: FastifyInstance,
  intervalMs = app.config.bookingJobsIntervalMs,
): Scheduler {
  const jobs = [
    releaseExpiredHolds,
    lapseExtensions,
    reconcilePendingPayments,
    settlePendingMovements,
    settleLatePayments,
    placeDueDepositHolds,
    renewDepositHolds,
    remindSteps,
    redactEndedIdentityChecks,
    purgeExpiredInspectionPhotos,
    finishVehiclePhotos,
    retryWebhooks,
    reconcileLedger,
    issueInvoicingDocuments,
    prepareContracts,
  ];
  return startScheduler(
    async () => {
      for (const job of jobs) {
        await job(app).catch((error: unknown) =>
          app.log.error({ err: error, job: job.name }, 'periodic job failed'),
        );
      }
    },
    {
      everyMs: intervalMs,
      log: app.log,
      failure: 'periodic jobs failed',
      // The lease keeps its first name: a rolling deployment's instances share it.
      claim: () =>
        claimJobLease(app.db, {
          name: 'booking-jobs',
          holder: INSTANCE_ID,
          leaseMs: Math.floor(intervalMs * 0.9),
        }),
    },
  );
}
