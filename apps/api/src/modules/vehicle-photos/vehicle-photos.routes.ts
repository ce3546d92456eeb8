import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { VEHICLE_PHOTO_EXTENSIONS, VEHICLE_PHOTO_WIDTHS } from '@vroum/core/vehicle-photo-sources';
import {
  VEHICLE_PHOTO_MAX_BYTES,
  VehiclePhotoFormat,
  VehiclePhotoList,
  VehiclePhotoOrder,
} from '@vroum/core/vehicle-photos';
import { badRequest, notFound } from '../../lib/app-error';
import { readMultipartUpload } from '../../lib/multipart-upload';
import { adminOf } from '../../plugins/session';
import { variantKey } from './photo-variants';
import {
  listVehiclePhotos,
  makeMainVehiclePhoto,
  orderVehiclePhotos,
  photoTooLarge,
  removeVehiclePhoto,
  uploadVehiclePhoto,
  type VehiclePhotosDeps,
} from './vehicle-photos.service';

const VehicleParams = z.object({ id: z.uuid('Identifiant invalide.') });
const PhotoParams = VehicleParams.extend({ photoId: z.uuid('Photo invalide.') });

const FORMAT_BY_EXTENSION = new Map(
  VehiclePhotoFormat.options.map((format) => [VEHICLE_PHOTO_EXTENSIONS[format], format]),
);
/** `960.avif`: a width the variants may have and the extension of a format. */
const VariantParams = z.object({
  photoId: z.uuid('Photo invalide.'),
  file: z
    .string()
    .regex(/^\d{1,4}\.[a-z]{3,4}$/, 'Fichier de photo invalide.')
    .transform((file, ctx) => {
      const [width, extension] = file.split('.') as [string, string];
      const format = FORMAT_BY_EXTENSION.get(extension);
      const value = Number(width);
      if (!format || value < 1 || value > VEHICLE_PHOTO_WIDTHS.at(-1)!) {
        ctx.addIssue({ code: 'custom', message: 'Fichier de photo invalide.' });
        return z.NEVER;
      }
      return { width: value, format };
    }),
});

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const tags = ['administration'];

/**
 * The vehicles' photos: the team uploads, orders and deletes them in the console
 * (administrators only); anyone reads their variants, at addresses whose content never changes.
 */
export const vehiclePhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  // One photo per request, of at most 15 MB (+1 byte, so that "too large" is detectable).
  await app.register(multipart, {
    limits: { fileSize: VEHICLE_PHOTO_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 1024 },
  });

  const deps = (request: FastifyRequest): VehiclePhotosDeps => ({
    db: app.db,
    storage: app.storage,
    variants: app.photoVariants,
    log: request.log,
  });

  app.get(
    '/admin/vehicles/:id/photos',
    {
      schema: {
        tags,
        summary: 'Les photos d’un véhicule, dans leur ordre (la principale d’abord)',
        params: VehicleParams,
        response: { 200: VehiclePhotoList, ...errors },
      },
    },
    async (request) => ({ photos: await listVehiclePhotos(deps(request), request.params.id) }),
  );

  app.post(
    '/admin/vehicles/:id/photos',
    {
      schema: {
        tags,
        summary: 'Ajoute une photo au véhicule (après les autres)',
        description:
          'multipart/form-data : un fichier `file` JPEG, PNG, WebP ou AVIF de 15 MB au plus et ' +
          'd’au moins 960 pixels de large. Répond les photos du véhicule.',
        consumes: ['multipart/form-data'],
        params: VehicleParams,
        response: { 201: VehiclePhotoList, ...errors, 409: ApiError, 413: ApiError, 415: ApiError },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      const { file } = await readMultipartUpload(request, [], photoTooLarge);
      if (!file) throw badRequest('Aucun fichier reçu.', 'file', 'file_missing');
      const photos = await uploadVehiclePhoto(
        deps(request),
        admin.id,
        request.params.id,
        file.data,
      );
      return reply.status(201).send({ photos });
    },
  );

  app.put(
    '/admin/vehicles/:id/photos/order',
    {
      schema: {
        tags,
        summary: 'Range les photos du véhicule ; la première devient la principale',
        params: VehicleParams,
        body: VehiclePhotoOrder,
        response: { 200: VehiclePhotoList, ...errors, 409: ApiError },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { id } = request.params;
      return {
        photos: await orderVehiclePhotos(deps(request), admin.id, id, request.body.photoIds),
      };
    },
  );

  app.post(
    '/admin/vehicles/:id/photos/:photoId/main',
    {
      schema: {
        tags,
        summary: 'Fait d’une photo la photo principale du véhicule',
        params: PhotoParams,
        response: { 200: VehiclePhotoList, ...errors },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { id, photoId } = request.params;
      return { photos: await makeMainVehiclePhoto(deps(request), admin.id, id, photoId) };
    },
  );

  app.delete(
    '/admin/vehicles/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Supprime une photo du véhicule et ses fichiers',
        params: PhotoParams,
        response: { 200: VehiclePhotoList, ...errors },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { id, photoId } = request.params;
      return { photos: await removeVehiclePhoto(deps(request), admin.id, id, photoId) };
    },
  );

  app.get(
    '/vehicle-photos/:photoId/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Une variante d’une photo de véhicule (largeur.format : 960.avif, 480.webp…)',
        description:
          'Le contenu d’une adresse ne change jamais (une nouvelle photo a un nouvel identifiant) : ' +
          'mise en cache un an.',
        produces: ['image/avif', 'image/webp', 'image/jpeg'],
        params: VariantParams,
        response: { 200: z.unknown().describe('L’image'), 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const { photoId, file } = request.params;
      const object = await app.storage.get(variantKey(photoId, file.width, file.format));
      if (!object) throw notFound('Photo introuvable.', 'photo_not_found');
      return reply
        .type(object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
};
