import type { FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

/** A file received in a multipart form: its name as sent and its bytes. */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/**
 * The text fields named in `fieldNames` and the `file` part of a multipart body, in any order
 * (other parts are skipped). The route registers @fastify/multipart with its limits; a file over
 * the size limit is refused with `tooLarge()`, and every other fault of the form is the sender's:
 * a French 400.
 */
export async function readMultipartUpload<Field extends string>(
  request: FastifyRequest,
  fieldNames: readonly Field[],
  tooLarge: () => Error,
): Promise<{ fields: Partial<Record<Field, string>>; file?: UploadedFile }> {
  const fields: Partial<Record<Field, string>> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const name = part.fieldname as Field;
        if (fieldNames.includes(name)) fields[name] = String(part.value);
      } else if (part.fieldname === 'file') {
        file = { fileName: part.filename, data: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw tooLarge();
      case 'FST_FILES_LIMIT':
        throw badRequest('Envoyez un seul fichier à la fois.', 'file', 'too_many_files');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw badRequest('Aucun fichier reçu.', 'file', 'file_missing');
      default:
        // Only the body's parsing runs here: a cut or malformed form is the sender's.
        request.log.warn({ err: error }, 'malformed multipart upload');
        throw badRequest(
          'Le fichier n’a pas été reçu en entier. Veuillez réessayer.',
          'file',
          'malformed_upload',
        );
    }
  }
  return file ? { fields, file } : { fields };
}
