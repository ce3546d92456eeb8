import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/app-error';
import { checkImageDecodes } from '../../lib/image-decoding';

export interface DocumentFormat {
  /** Extension of the stored object. */
  extension: 'pdf' | 'jpg' | 'png';
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
}

/** What the content may be (file-type's answer) for each accepted extension of the name. */
const FORMAT_BY_EXTENSION: Record<string, DocumentFormat> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  jpg: { extension: 'jpg', contentType: 'image/jpeg' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
};

/**
 * The format of an uploaded file, or null when it is not accepted. Both must agree: the name's
 * extension (pdf, jpg, jpeg, png) and the content's magic bytes, so that a renamed executable
 * or a GIF called .png is refused.
 */
export async function detectDocumentFormat(
  fileName: string,
  data: Buffer,
): Promise<DocumentFormat | null> {
  const dot = fileName.lastIndexOf('.');
  const declared = dot < 0 ? undefined : FORMAT_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()];
  if (!declared) return null;
  const detected = await fileTypeFromBuffer(data);
  return detected?.mime === declared.contentType ? declared : null;
}

/**
 * An image (a photo of a document) must decode in full: a file with the right first bytes and a
 * cut or corrupt body is refused now, in French, rather than found unreadable at the review.
 * The file as sent is kept (no re-encoding): the team reads the document the customer sent.
 */
export async function checkDocumentImage(format: DocumentFormat, data: Buffer): Promise<void> {
  if (format.contentType === 'application/pdf') return;
  const decoded = await checkImageDecodes(data, [format.extension === 'jpg' ? 'jpeg' : 'png']);
  if (decoded.ok) return;
  throw decoded.refusal === 'too_many_pixels'
    ? new AppError(
        'image_too_many_pixels',
        'Cette image compte trop de pixels (40 mégapixels au plus) : réduisez-la ou envoyez un scan PDF.',
        413,
        'file',
      )
    : badRequest(
        'Cette image est illisible ou endommagée : envoyez une autre photo ou un scan PDF.',
        'file',
        'unreadable_image',
      );
}
