import { z } from 'zod';

/**
 * The documents a customer uploads to their profile: an identity card, a driving licence, a proof
 * of address.
 */
export const DocumentType = z.enum(['id_card', 'driver_license', 'proof_of_address', 'selfie']);
export type DocumentType = z.infer<typeof DocumentType>;

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  id_card: 'Pièce d’identité',
  driver_license: 'Permis de conduire',
  proof_of_address: 'Justificatif de domicile',
  selfie: 'Selfie',
};

/** Front or back of a card document (the licence is read on both sides). */
export const DocumentSide = z.enum(['front', 'back']);
export type DocumentSide = z.infer<typeof DocumentSide>;
export const DOCUMENT_SIDE_LABELS: Record<DocumentSide, string> = { front: 'recto', back: 'verso' };

/** 5 MB at most; PDF, JPG or PNG only (checked by extension and by content). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE = 'Le fichier ne doit pas dépasser 5 MB';
export const DOCUMENT_FORMAT_MESSAGE = 'Format non accepté : PDF, JPG ou PNG uniquement.';

/** The multipart fields of an upload besides the `file` part. */
export const DocumentUploadFields = z.object({
  documentType: DocumentType,
  side: DocumentSide.optional(),
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFields>;

/** One of the signed-in user's documents. `url` is a private link that expires within minutes. */
export const UserDocument = z.object({
  id: z.uuid(),
  documentType: DocumentType,
  side: DocumentSide.nullable(),
  fileName: z.string(),
  verified: z.boolean(),
  uploadedAt: z.iso.datetime(),
  url: z.string(),
});
export type UserDocument = z.infer<typeof UserDocument>;

/** The user's documents, newest first. */
export const UserDocuments = z.object({ documents: z.array(UserDocument) });
export type UserDocuments = z.infer<typeof UserDocuments>;
