import { z } from 'zod';
import { VEHICLE_PHOTO_FORMATS } from './vehicle-photo-sources';

/**
 * Photos of a vehicle, uploaded by the team (decision 026). Each photo is served as variants made
 * by the server: AVIF and WebP for the browsers that read them, JPEG for every other one, at a
 * few widths so that a phone does not download what a desktop shows.
 */

/** A photo narrower than this would look blurred on the vehicle page. */
export const VEHICLE_PHOTO_MIN_WIDTH = 960;
export const VEHICLE_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const VEHICLE_PHOTOS_PER_VEHICLE = 20;

/** Formats of the variants, from the most to the least compact. */
export const VehiclePhotoFormat = z.enum(VEHICLE_PHOTO_FORMATS);
export type VehiclePhotoFormat = z.infer<typeof VehiclePhotoFormat>;

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
