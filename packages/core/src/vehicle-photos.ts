import { z } from 'zod';

/**
 * Photos of a vehicle, uploaded by the team (decision 026). Each photo is served as variants made
 * by the server: AVIF and WebP for the browsers that read them, JPEG for every other one, at a
 * few widths so that a phone does not download what a desktop shows.
 */

/** The widths made for every photo, never wider than the photo itself. */
export const VEHICLE_PHOTO_WIDTHS = [480, 960, 1600] as const;
/** A photo narrower than this would look blurred on the vehicle page. */
export const VEHICLE_PHOTO_MIN_WIDTH = 960;
export const VEHICLE_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const VEHICLE_PHOTOS_PER_VEHICLE = 20;

/** Formats of the variants, from the most to the least compact. */
export const VehiclePhotoFormat = z.enum(['avif', 'webp', 'jpeg']);
export type VehiclePhotoFormat = z.infer<typeof VehiclePhotoFormat>;
export const VEHICLE_PHOTO_EXTENSIONS: Record<VehiclePhotoFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

/** The formats accepted from the team, recognised by the file's content. */
export const VEHICLE_PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
export const VEHICLE_PHOTO_FORMAT_MESSAGE =
  'Format non accepté : envoyez une photo JPEG, PNG, WebP ou AVIF.';
export const VEHICLE_PHOTO_TOO_LARGE_MESSAGE = 'La photo ne doit pas dépasser 15 MB.';

/**
 * A photo as the API returns it. `width` × `height` are those of its largest variant (its shape,
 * for the page to reserve its place); `formats` lists the formats whose variants are ready (AVIF
 * follows JPEG and WebP by a few seconds).
 */
export const VehiclePhoto = z.object({
  id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()),
  formats: z.array(VehiclePhotoFormat),
});
export type VehiclePhoto = z.infer<typeof VehiclePhoto>;

/** A vehicle's photos in their order; the first is the main photo, shown on the cards. */
export const VehiclePhotoList = z.object({ photos: z.array(VehiclePhoto) });
export type VehiclePhotoList = z.infer<typeof VehiclePhotoList>;

/** The team's new order: every photo of the vehicle, once each. */
export const VehiclePhotoOrder = z.object({
  photoIds: z
    .array(z.uuid('Photo invalide.'), { error: 'L’ordre des photos est obligatoire.' })
    .max(VEHICLE_PHOTOS_PER_VEHICLE, 'Trop de photos.'),
});
export type VehiclePhotoOrder = z.infer<typeof VehiclePhotoOrder>;

/** The address of one variant. Its content never changes: a new photo gets a new id. */
export function vehiclePhotoUrl(photoId: string, width: number, format: VehiclePhotoFormat) {
  return `/api/v1/vehicle-photos/${photoId}/${width}.${VEHICLE_PHOTO_EXTENSIONS[format]}`;
}

export interface PhotoSource {
  type: string;
  srcSet: string;
}

/**
 * What a `<picture>` (or an image preload) needs: the sources of the modern formats ready, best
 * first, and the JPEG set with its middle width as the `src` of browsers without `srcset`.
 */
export function vehiclePhotoSources(photo: VehiclePhoto): {
  sources: PhotoSource[];
  jpeg: PhotoSource & { src: string };
} {
  const srcSet = (format: VehiclePhotoFormat) =>
    photo.widths.map((width) => `${vehiclePhotoUrl(photo.id, width, format)} ${width}w`).join(', ');
  const sources = (['avif', 'webp'] as const)
    .filter((format) => photo.formats.includes(format))
    .map((format) => ({ type: `image/${format}`, srcSet: srcSet(format) }));
  const fallbackWidth = photo.widths.find((width) => width >= 960) ?? photo.widths.at(-1)!;
  return {
    sources,
    jpeg: {
      type: 'image/jpeg',
      srcSet: srcSet('jpeg'),
      src: vehiclePhotoUrl(photo.id, fallbackWidth, 'jpeg'),
    },
  };
}

/** The French alternative text of a photo: the car's name, and its place among several. */
export function vehiclePhotoAlt(vehicleName: string, index: number, count: number): string {
  return count > 1 ? `${vehicleName}, photo ${index + 1} sur ${count}` : vehicleName;
}

/**
 * How wide the pages show a vehicle's first image, as `sizes`: the pages and the server's
 * preload of that image must name the same, or the browser fetches two widths. A fleet card is
 * at most a third of the 80rem page, half of it from 640 px, full width below; the vehicle
 * page's gallery is its left column from 1024 px.
 */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';
export const GALLERY_IMAGE_SIZES = '(min-width: 1280px) 720px, (min-width: 1024px) 55vw, 100vw';
