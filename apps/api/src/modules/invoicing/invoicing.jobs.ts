import type { FastifyInstance } from 'fastify';
import { issuePendingDocuments, type InvoicingDeps } from './invoicing.service';

/** What invoicing needs, from the app (the routes and the periodic job). */
export const invoicingDeps = (app: FastifyInstance): InvoicingDeps => ({
  db: app.db,
  storage: app.storage,
  site: app.config.site,
  log: app.log,
});

/**
 * The periodic job (decision 039): the ledger's sales and refunds without their invoice or
 * credit note get it, and its PDF, within a round of the jobs.
 */
export const issueInvoicingDocuments = (app: FastifyInstance) =>
  issuePendingDocuments(invoicingDeps(app));
