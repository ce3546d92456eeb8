import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { InvoicingDocumentList } from '@vroum/core/invoicing';
import { notFound } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import { readDocumentPdf } from './document-files';
import { invoicingDeps } from './invoicing.jobs';
import { pdfReply } from './invoicing.http';
import {
  findDocument,
  listCustomerDocuments,
  listOwnerDocuments,
  ownsBooking,
  toSummary,
} from './invoicing-read.repository';

const IdParams = z.object({ id: z.uuid('Identifiant invalide.') });
const errors = { 400: ApiError, 401: ApiError, 404: ApiError };
const tags = ['factures'];
const documentNotFound = () => notFound('Aucun document ne correspond.', 'document_not_found');

/**
 * The customer's invoices and credit notes: a booking's, all of theirs (the profile), and each
 * one's PDF. Only the signed-in owner of the booking reaches them; anyone else gets the 404 of a
 * document that does not exist.
 */
export const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:id/invoices',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags,
        summary: 'Les factures et avoirs d’une réservation (son titulaire seulement)',
        params: IdParams,
        response: { 200: InvoicingDocumentList, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      if (!(await ownsBooking(app.db, user.id, request.params.id))) {
        throw notFound('Aucune réservation ne correspond à ce numéro.', 'booking_not_found');
      }
      const rows = await listOwnerDocuments(app.db, user.id, request.params.id);
      return { documents: rows.map(toSummary) };
    },
  );

  app.get(
    '/invoices',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags,
        summary: 'Toutes les factures et tous les avoirs du client connecté',
        response: { 200: InvoicingDocumentList, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return { documents: (await listCustomerDocuments(app.db, user.id)).map(toSummary) };
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags,
        summary: 'Le PDF d’une facture ou d’un avoir, tel qu’émis',
        produces: ['application/pdf'],
        params: IdParams,
        response: { 200: z.unknown().describe('Le PDF'), ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const doc = await findDocument(app.db, request.params.id);
      if (!doc || doc.user_id !== user.id) throw documentNotFound();
      return pdfReply(reply, await readDocumentPdf(invoicingDeps(app), doc));
    },
  );
};
