/**
 * How a vehicle's photo is shown: its variants' addresses, the sources of a `<picture>`, its
 * alternative text, the widths the pages give it. Without zod, so that the first load of a page
 * showing a car does not carry the schemas (vehicle-photos.ts holds them).
 */

/** Formats of the variants, from the most to the least compact. */
export const VEHICLE_PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VehiclePhotoFormat = (typeof VEHICLE_PHOTO_FORMATS)[number];
export const VEHICLE_PHOTO_EXTENSIONS: Record<VehiclePhotoFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

/** The widths made for every photo, never wider than the photo itself. */
export const VEHICLE_PHOTO_WIDTHS = [480, 960, 1600] as const;

/** What showing a photo needs of it: its id, the widths and the formats that are ready. */
export interface ShownPhoto {
  id: string;
  widths: readonly number[];
  formats: readonly VehiclePhotoFormat[];
}

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
export function vehiclePhotoSources(photo: ShownPhoto): {
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
