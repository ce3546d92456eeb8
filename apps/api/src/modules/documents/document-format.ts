import { fileTypeFromBuffer } from 'file-type';

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
