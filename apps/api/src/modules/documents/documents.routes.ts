import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  DOCUMENT_MAX_BYTES,
  DocumentUploadFields,
  UserDocument,
  UserDocuments,
} from '@vroum/core/documents';
import { badRequest } from '../../lib/app-error';
import { readMultipartUpload } from '../../lib/multipart-upload';
import { userOf } from '../../plugins/audience';
import { isAdmin } from '../../plugins/session';
import {
  deleteDocument,
  fileTooLarge,
  listDocuments,
  openDocumentFile,
  uploadDocument,
  type DocumentsDeps,
} from './documents.service';

const DocumentParams = z.object({ id: z.uuid() });

/**
 * Replaces the site's CSP on a file: Chrome shows PDFs through an internal <embed> (object-src)
 * styled inline, which `object-src 'none'` blocks (crbug.com/271452). Nothing else may load.
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; " +
  "frame-ancestors 'self'";
const DocumentLinkQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(100),
});

/**
 * The signed-in user's identity documents. Private by design:
 * files are only served through short-lived signed links, to their owner or an administrator.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only here: one file of at most 5 MB (+1 byte, so that "too large" is detectable).
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 1024 },
  });

  const deps = (request: FastifyRequest): DocumentsDeps => ({
    db: app.db,
    storage: app.storage,
    secret: app.config.auth.secret,
    log: request.log,
  });

  app.post(
    '/me/documents',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Envoyer un document (pièce d’identité, permis, justificatif de domicile)',
        description:
          'multipart/form-data : `documentType` (id_card, driver_license, proof_of_address) et ' +
          'un fichier `file` PDF, JPG ou PNG de 5 MB au plus.',
        consumes: ['multipart/form-data'],
        response: { 201: UserDocument, 400: ApiError, 401: ApiError, 413: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const upload = await readMultipartUpload(request, ['documentType', 'side'], fileTooLarge);
      const fields = DocumentUploadFields.safeParse(upload.fields);
      if (!fields.success) {
        throw badRequest(
          'Choisissez le type de document : pièce d’identité, permis de conduire ou justificatif de domicile.',
          'documentType',
        );
      }
      if (!upload.file) throw badRequest('Aucun fichier reçu.', 'file', 'file_missing');
      const document = await uploadDocument(deps(request), user.id, fields.data, upload.file);
      return reply.status(201).send(document);
    },
  );

  app.get(
    '/me/documents',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Mes documents, du plus récent au plus ancien',
        response: { 200: UserDocuments, 401: ApiError },
      },
    },
    async (request) => {
      const user = userOf(request);
      return { documents: await listDocuments(deps(request), user.id) };
    },
  );

  app.get(
    '/documents/:id/file',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Le fichier d’un document, par un lien signé valable 10 minutes',
        description: 'Réservé au propriétaire du document et aux administrateurs.',
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        params: DocumentParams,
        querystring: DocumentLinkQuery,
        response: {
          // The bytes of the file, sent as they are (not serialised).
          200: z.unknown().describe('Le fichier : PDF, JPEG ou PNG'),
          400: ApiError,
          401: ApiError,
          403: ApiError,
          404: ApiError,
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const viewer = { id: user.id, isAdmin: () => isAdmin(request, user.id) };
      const { fileName, file } = await openDocumentFile(
        deps(request),
        viewer,
        request.params.id,
        request.query,
      );
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', inlineDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .send(file.body);
    },
  );

  app.delete(
    '/me/documents/:id',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Supprimer un de mes documents',
        params: DocumentParams,
        response: { 204: z.null(), 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await deleteDocument(deps(request), user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** `inline` with the name: an ASCII fallback, and the exact name per RFC 6266 / 5987. */
function inlineDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'document';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
