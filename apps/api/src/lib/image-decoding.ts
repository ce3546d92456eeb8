import sharp, { type Sharp } from 'sharp';

/**
 * Images received from people (inspection photos, identity documents, drawn signatures) are
 * decoded in full when they arrive, so that a file which only looks like an image (the right
 * first bytes, a cut or corrupt body) is refused then, in French, instead of failing later where
 * it is used: in a sealed report at the customer's door, or in the identity review. The PDF
 * library trusts what it embeds (a cut PNG can even keep it busy for ever), so what goes into a
 * PDF is what sharp wrote.
 */

/** Formats read from people, as sharp names them. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Why an image is refused: it does not decode (or is another format), or it has too many pixels. */
export type ImageRefusal = 'unreadable' | 'too_many_pixels';

/** Beyond this many pixels an image is refused before being decoded (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type Decoded<T> = { ok: true; value: T } | { ok: false; refusal: ImageRefusal };

const refused = (refusal: ImageRefusal) => ({ ok: false, refusal }) as const;

/**
 * Opens the image for a full decoding: its format must be one of `formats`, its size known and
 * within `maxPixels`. Any decoder error, a cut file among them, then fails the decoding.
 */
async function open(
  bytes: Buffer,
  formats: readonly ImageFormat[],
  maxPixels: number,
): Promise<Decoded<Sharp>> {
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels });
  const meta = await image.metadata().catch(() => null);
  if (!meta?.width || !meta.height || !formats.includes(meta.format as ImageFormat)) {
    return refused('unreadable');
  }
  if (meta.width * meta.height > maxPixels) return refused('too_many_pixels');
  return { ok: true, value: image };
}

/** Decodes every pixel of the image and keeps nothing: the file as sent is what is stored. */
export async function checkImageDecodes(
  bytes: Buffer,
  formats: readonly ImageFormat[],
  maxPixels = MAX_IMAGE_PIXELS,
): Promise<Decoded<{ width: number; height: number }>> {
  const opened = await open(bytes, formats, maxPixels);
  if (!opened.ok) return opened;
  try {
    // `stats` reads the whole image without keeping its pixels in memory.
    await opened.value.stats();
    const { width, height } = await opened.value.metadata();
    return { ok: true, value: { width: width, height: height } };
  } catch {
    return refused('unreadable');
  }
}

/**
 * A photo made again as a JPEG: turned upright by its orientation tag (which is then no longer
 * needed: PDF viewers ignore it), no larger than `maxSide` on its longest side, transparency on
 * white, and without its metadata (the camera, the GPS position of the shot). The output is the
 * same for the same input, so a photo sent twice is stored twice identical.
 */
export async function reencodePhoto(
  bytes: Buffer,
  formats: readonly ImageFormat[],
  options: { maxSide: number; quality: number; maxPixels?: number },
): Promise<Decoded<{ bytes: Buffer; width: number; height: number }>> {
  const opened = await open(bytes, formats, options.maxPixels ?? MAX_IMAGE_PIXELS);
  if (!opened.ok) return opened;
  try {
    const { data, info } = await opened.value
      .rotate()
      .resize({
        width: options.maxSide,
        height: options.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: options.quality })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, value: { bytes: data, width: info.width, height: info.height } };
  } catch {
    return refused('unreadable');
  }
}

/** A drawing (a signature traced on a screen) is a few hundred pixels each way. */
const MAX_DRAWING_PIXELS = 4_000_000;

/**
 * A drawn signature (a PNG, transparent where nothing is drawn) written again by sharp as an
 * 8-bit PNG that any PDF library embeds; null when it is not a PNG that decodes in full.
 */
export async function reencodeDrawing(bytes: Uint8Array): Promise<Buffer | null> {
  const opened = await open(Buffer.from(bytes), ['png'], MAX_DRAWING_PIXELS);
  if (!opened.ok) return null;
  return opened.value
    .toColourspace('srgb')
    .png()
    .toBuffer()
    .catch(() => null);
}
