import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  AccountingPeriod,
  InvoicingDocumentList,
  InvoicingDocumentQuery,
} from '@vroum/core/invoicing';
import { notFound } from '../../lib/app-error';
import { fecExport, salesJournalExport } from './accounting.service';
import { readDocumentPdf } from './document-files';
import { invoicingDeps } from './invoicing.jobs';
import { pdfReply, textReply } from './invoicing.http';
import { findDocument, listDocuments, toSummary } from './invoicing-read.repository';

const IdParams = z.object({ id: z.uuid('Identifiant invalide.') });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const tags = ['administration'];

/**
 * The console's invoices and credit notes (a list filtered by period, number and booking, each
 * PDF) and the accounting exports of a period: the sales journal as CSV and the FEC. The staff
 * gate of /admin checks the administrator's role and second factor before anything else.
 */
export const invoicingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/invoices',
    {
      schema: {
        tags,
        summary: 'Factures et avoirs émis, par période, numéro ou réservation',
        querystring: InvoicingDocumentQuery,
        response: { 200: InvoicingDocumentList, ...errors },
      },
    },
    async (request) => {
      const rows = await listDocuments(app.db, { ...request.query, limit: 500, newestFirst: true });
      return { documents: rows.map(toSummary) };
    },
  );

  app.get(
    '/admin/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: 'Le PDF d’une facture ou d’un avoir',
        produces: ['application/pdf'],
        params: IdParams,
        response: { 200: z.unknown().describe('Le PDF'), ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const doc = await findDocument(app.db, request.params.id);
      if (!doc) throw notFound('Aucun document ne correspond.', 'document_not_found');
      return pdfReply(reply, await readDocumentPdf(invoicingDeps(app), doc));
    },
  );

  app.get(
    '/admin/accounting/sales-journal',
    {
      schema: {
        tags,
        summary: 'Le journal des ventes de la période, en CSV',
        produces: ['text/csv'],
        querystring: AccountingPeriod,
        response: { 200: z.unknown().describe('Le CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await salesJournalExport(app.db, request.query);
      return textReply(reply, file, 'text/csv; charset=utf-8');
    },
  );

  app.get(
    '/admin/accounting/fec',
    {
      schema: {
        tags,
        summary: 'Le fichier des écritures comptables (FEC) de la période',
        produces: ['text/plain'],
        querystring: AccountingPeriod,
        response: { 200: z.unknown().describe('Le FEC'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await fecExport(app.db, app.config.site.siren, request.query);
      return textReply(reply, file, 'text/plain; charset=utf-8');
    },
  );
};
