import {
  VEHICLE_PHOTO_EXTENSIONS,
  VEHICLE_PHOTO_WIDTHS,
  type VehiclePhotoFormat,
} from '@vroum/core/vehicle-photo-sources';
import {
  VEHICLE_PHOTO_FORMAT_MESSAGE,
  VEHICLE_PHOTO_MIN_WIDTH,
  VEHICLE_PHOTO_UPLOAD_TYPES,
} from '@vroum/core/vehicle-photos';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError, badRequest } from '../../lib/app-error';

/** Beyond this many pixels an upload is refused before being decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 60_000_000;
/** The widest variant: the source kept for the variants made later is no wider. */
const SOURCE_MAX_WIDTH = VEHICLE_PHOTO_WIDTHS.at(-1)!;

/** Encoder settings chosen for photographs of cars: sharp edges, large smooth surfaces. */
const ENCODERS: Record<VehiclePhotoFormat, (image: Sharp) => Sharp> = {
  // Transparent areas of a PNG become white, as on the site's light backgrounds.
  jpeg: (image) =>
    image
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true, progressive: true }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  avif: (image) => image.avif({ quality: 52, effort: 4 }),
};
const CONTENT_TYPES: Record<VehiclePhotoFormat, string> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The upload, upright, without its metadata (GPS position, camera) and at most 1600 px wide. */
export interface PhotoSource {
  /** A JPEG of high quality: what the variants are made from, now and later. */
  bytes: Buffer;
  width: number;
  height: number;
  /** The variants' widths, never wider than the source. */
  widths: number[];
}

export interface PhotoVariant {
  width: number;
  format: VehiclePhotoFormat;
  bytes: Buffer;
  contentType: string;
}

const unreadable = () =>
  badRequest(
    'Cette image est illisible ou endommagée. Exportez-la à nouveau puis réessayez.',
    'file',
    'unreadable_photo',
  );

/**
 * Checks an uploaded photo by its content (JPEG, PNG, WebP or AVIF, whatever its name says, at
 * least 960 px wide, at most 60 megapixels) and prepares its source. Every refusal is a French 4xx.
 */
export async function preparePhotoSource(data: Buffer): Promise<PhotoSource> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !VEHICLE_PHOTO_UPLOAD_TYPES.includes(detected.mime)) {
    throw new AppError('unsupported_format', VEHICLE_PHOTO_FORMAT_MESSAGE, 415, 'file');
  }
  const input = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await input.metadata().catch(() => {
    throw unreadable();
  });
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError(
      'photo_too_many_pixels',
      'Cette photo compte trop de pixels (60 mégapixels au plus) : réduisez-la puis réessayez.',
      413,
      'file',
    );
  }
  // Photos from a phone are often stored sideways with an orientation tag.
  const upright = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if (upright < VEHICLE_PHOTO_MIN_WIDTH) {
    throw badRequest(
      `La photo doit mesurer au moins ${VEHICLE_PHOTO_MIN_WIDTH} pixels de large (celle-ci en mesure ${upright}).`,
      'file',
      'photo_too_small',
    );
  }
  // No metadata is copied (sharp's default): the GPS position of the shot stays out.
  const { data: bytes, info } = await input
    .rotate()
    .resize({ width: SOURCE_MAX_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadable();
    });
  const widths = [
    ...new Set(VEHICLE_PHOTO_WIDTHS.map((width) => Math.min(width, info.width))),
  ].sort((a, b) => a - b);
  return { bytes, width: info.width, height: info.height, widths };
}

/** The photo's variants of the given formats, one per width, made from its source. */
export async function makeVariants(
  source: Buffer,
  widths: number[],
  formats: VehiclePhotoFormat[],
): Promise<PhotoVariant[]> {
  const decoded = sharp(source);
  const jobs = formats.flatMap((format) =>
    widths.map(async (width) => ({
      width,
      format,
      bytes: await ENCODERS[format](decoded.clone().resize({ width })).toBuffer(),
      contentType: CONTENT_TYPES[format],
    })),
  );
  return Promise.all(jobs);
}

/** Where a variant is stored: its photo's folder, its width and format. */
export function variantKey(photoId: string, width: number, format: VehiclePhotoFormat): string {
  return `vehicle-photos/${photoId}/${width}.${VEHICLE_PHOTO_EXTENSIONS[format]}`;
}

export function sourceKey(photoId: string): string {
  return `vehicle-photos/${photoId}/source.jpg`;
}
