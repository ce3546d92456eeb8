import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle, VehicleDetail } from '@vroum/core/vehicle';
import {
  CARD_IMAGE_SIZES,
  GALLERY_IMAGE_SIZES,
  vehiclePhotoSources,
  vehiclePhotoUrl,
} from '@vroum/core/vehicle-photo-sources';
import type { VehiclePhoto, VehiclePhotoList } from '@vroum/core/vehicle-photos';
import { pageHints } from '../../src/modules/seo/page-hints';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { fileForm, multipartRequest } from '../helpers/multipart';
import { makeGif, makeJpeg, makePdf } from '../helpers/sample-files';
import { makePhoto } from '../helpers/sample-photos';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let storageDir: string;
let adminCookie: string;
let customer: SignedInUser;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'vroum-vehicle-photos-'));
  ctx = await createTestApp({ STORAGE_DIR: storageDir });
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  customer = await signUpUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function vehicle(slug: string): Promise<VehicleDetail> {
  const response = await ctx.app.inject({ url: `/api/v1/vehicles/${slug}` });
  expect(response.statusCode).toBe(200);
  return response.json<VehicleDetail>();
}

async function upload(vehicleId: string, data: Buffer, name = 'photo.jpg', cookie = adminCookie) {
  const { headers, payload } = await multipartRequest(fileForm({ name, data }));
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/vehicles/${vehicleId}/photos`,
    headers: { origin: ctx.config.site.publicUrl, cookie, ...headers },
    payload,
  });
}

async function uploadOk(vehicleId: string, data: Buffer): Promise<VehiclePhoto[]> {
  const response = await upload(vehicleId, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VehiclePhotoList>().photos;
}

const asAdmin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      origin: ctx.config.site.publicUrl,
      cookie: adminCookie,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

const fetchVariant = (url: string) => ctx.app.inject({ url });

/** The objects stored for a photo (local storage: one file per object). */
const storedFiles = (photoId: string) =>
  readdir(join(storageDir, 'objects', 'vehicle-photos', photoId)).catch(() => []);

describe('uploading a vehicle photo', () => {
  it('is refused to visitors and customers, before anything is stored', async () => {
    const { id } = await vehicle('audi-a4');
    const photo = await makePhoto();
    const anonymous = await upload(id, photo, 'photo.jpg', '');
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await upload(id, photo, 'photo.jpg', customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect((await vehicle('audi-a4')).photos).toEqual([]);
    expect(await readdir(join(storageDir, 'objects', 'vehicle-photos')).catch(() => [])).toEqual(
      [],
    );
  });

  it('refuses files that are not JPEG, PNG, WebP or AVIF by their content, whatever their name', async () => {
    const { id } = await vehicle('audi-a4');
    for (const [name, data] of [
      ['voiture.jpg', makeGif()],
      ['voiture.jpg', makePdf()],
      ['voiture.png', Buffer.from('pas une image')],
    ] as const) {
      const response = await upload(id, data, name);
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe(
        'Format non accepté : envoyez une photo JPEG, PNG, WebP ou AVIF.',
      );
    }
  });

  it('refuses a photo that starts like a JPEG but does not decode, or is cut short, in French', async () => {
    const { id } = await vehicle('audi-a4');
    const photo = await makePhoto();
    for (const data of [
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('pas une photo '.repeat(40)),
      ]),
      photo.subarray(0, Math.floor(photo.length * 0.6)),
    ]) {
      const response = await upload(id, data);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'unreadable_photo',
        message: 'Cette image est illisible ou endommagée. Exportez-la à nouveau puis réessayez.',
      });
    }
    expect((await vehicle('audi-a4')).photos).toEqual([]);
  });

  it('refuses a photo too small to be shown sharply, and one over 15 MB', async () => {
    const { id } = await vehicle('audi-a4');
    const tiny = await upload(id, makeJpeg());
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().error.message).toBe(
      'La photo doit mesurer au moins 960 pixels de large (celle-ci en mesure 1).',
    );
    const huge = await upload(
      id,
      Buffer.concat([await makePhoto(), Buffer.alloc(15 * 1024 * 1024)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('La photo ne doit pas dépasser 15 MB.');
    expect((await vehicle('audi-a4')).photos).toEqual([]);
  });

  it('refuses a photo for a vehicle that does not exist', async () => {
    const response = await upload('00000000-0000-4000-8000-000000000000', await makePhoto());
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Véhicule non trouvé');
  });

  it('stores JPEG and WebP variants at once, AVIF soon after, without the EXIF data, cached for a year', async () => {
    const { id } = await vehicle('bmw-serie-3');
    // A PNG whose name says JPEG: its content decides.
    const [photo] = await uploadOk(id, await makePhoto({ format: 'png' }));
    expect(photo).toMatchObject({ width: 1200, height: 800, widths: [480, 960, 1200] });
    expect(photo!.formats).toEqual(['jpeg', 'webp']);

    for (const format of ['jpeg', 'webp'] as const) {
      const response = await fetchVariant(vehiclePhotoUrl(photo!.id, 960, format));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${format}`);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format, width: 960, height: 640 });
      expect(meta.exif).toBeUndefined();
    }

    await ctx.app.photoVariants.idle();
    const detail = await vehicle('bmw-serie-3');
    expect(detail.photos[0]!.formats).toEqual(['jpeg', 'webp', 'avif']);
    for (const width of [480, 960, 1200]) {
      const avif = await fetchVariant(vehiclePhotoUrl(photo!.id, width, 'avif'));
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      const meta = await sharp(avif.rawPayload).metadata();
      expect(meta.width).toBe(width);
      // No GPS position, no camera: nothing of the file's EXIF data is served.
      expect(meta.exif).toBeUndefined();
    }
    // The <picture> offers AVIF first, then WebP, with JPEG as the fallback.
    const sources = vehiclePhotoSources(detail.photos[0]!);
    expect(sources.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources.jpeg.src).toBe(vehiclePhotoUrl(photo!.id, 960, 'jpeg'));
  });

  it('answers 404 for a variant that does not exist and 400 for a malformed one', async () => {
    const missing = await fetchVariant(
      vehiclePhotoUrl('00000000-0000-4000-8000-000000000000', 960, 'jpeg'),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Photo introuvable.');
    const malformed = await fetchVariant(
      '/api/v1/vehicle-photos/00000000-0000-4000-8000-000000000000/960.gif',
    );
    expect(malformed.statusCode).toBe(400);
  });
});

describe('ordering and deleting photos', () => {
  it('keeps the upload order, makes a chosen photo the main one, and the catalogue shows it', async () => {
    const { id } = await vehicle('porsche-panamera');
    await uploadOk(id, await makePhoto({ colors: ['#000000', '#ffffff'] }));
    await uploadOk(id, await makePhoto({ colors: ['#ff0000', '#00ff00'] }));
    const photos = await uploadOk(id, await makePhoto({ colors: ['#0000ff', '#ffff00'] }));
    const [first, second, third] = photos.map((photo) => photo.id);

    const main = await asAdmin('POST', `/admin/vehicles/${id}/photos/${second}/main`);
    expect(main.statusCode).toBe(200);
    expect(main.json<VehiclePhotoList>().photos.map((photo) => photo.id)).toEqual([
      second,
      first,
      third,
    ]);

    const detail = await vehicle('porsche-panamera');
    expect(detail.mainPhoto?.id).toBe(second);
    expect(detail.photos.map((photo) => photo.id)).toEqual([second, first, third]);
    const fleet = await ctx.app.inject({ url: '/api/v1/vehicles?category=Luxe' });
    const card = fleet.json<{ vehicles: Vehicle[] }>().vehicles.find((v) => v.id === id);
    expect(card?.mainPhoto?.id).toBe(second);
    // A car without photos keeps its illustration alone.
    expect(fleet.json<{ vehicles: Vehicle[] }>().vehicles.some((v) => v.mainPhoto === null)).toBe(
      true,
    );

    const reordered = await asAdmin('PUT', `/admin/vehicles/${id}/photos/order`, {
      photoIds: [third, second, first],
    });
    expect(reordered.statusCode).toBe(200);
    expect((await vehicle('porsche-panamera')).mainPhoto?.id).toBe(third);

    const incomplete = await asAdmin('PUT', `/admin/vehicles/${id}/photos/order`, {
      photoIds: [first, second],
    });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error.message).toBe(
      'Les photos de ce véhicule ont changé entre-temps : actualisez la liste puis réessayez.',
    );
  });

  it('has the landing pages preload the main photo in its best format, at the width the page shows', async () => {
    await ctx.app.photoVariants.idle();
    const { mainPhoto } = await vehicle('porsche-panamera');
    const avif = vehiclePhotoSources(mainPhoto!).sources[0]!;
    expect(avif.type).toBe('image/avif');
    const preload = (sizes: string) =>
      `<link rel="preload" as="image" fetchpriority="high" type="image/avif"` +
      ` imagesrcset="${avif.srcSet}" imagesizes="${sizes}">`;
    const page = await pageHints(ctx.db, '/vehicule/porsche-panamera', new URLSearchParams(), {
      dataInPage: true,
    });
    expect(page).toBe(preload(GALLERY_IMAGE_SIZES));
    const fleet = await pageHints(ctx.db, '/flotte', new URLSearchParams({ category: 'luxe' }), {
      dataInPage: true,
    });
    expect(fleet).toContain(preload(CARD_IMAGE_SIZES));
    // The cars without photos: their illustration.
    expect(fleet).toContain('href="/images/vehicles/');
  });

  it('refuses a customer who tries to reorder or delete photos', async () => {
    const { id, photos } = await vehicle('porsche-panamera');
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/vehicles/${id}/photos/${photos[0]!.id}`,
      headers: { origin: ctx.config.site.publicUrl, cookie: customer.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect((await vehicle('porsche-panamera')).photos).toHaveLength(3);
  });

  it('deletes a photo with every stored object, and the next one becomes the main photo', async () => {
    await ctx.app.photoVariants.idle();
    const { id, photos } = await vehicle('porsche-panamera');
    const [main, next] = photos;
    expect(await storedFiles(main!.id)).toHaveLength(1 + 3 * 3); // source + 3 formats × 3 widths

    const response = await asAdmin('DELETE', `/admin/vehicles/${id}/photos/${main!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<VehiclePhotoList>().photos).toHaveLength(2);
    expect(await storedFiles(main!.id)).toEqual([]);
    expect((await fetchVariant(vehiclePhotoUrl(main!.id, 960, 'avif'))).statusCode).toBe(404);
    expect((await vehicle('porsche-panamera')).mainPhoto?.id).toBe(next!.id);

    const again = await asAdmin('DELETE', `/admin/vehicles/${id}/photos/${main!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Photo introuvable.');
  });

  it('deleting a vehicle never booked removes its photos’ objects too', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/vehicles',
      headers: {
        origin: ctx.config.site.publicUrl,
        cookie: adminCookie,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        name: 'Alpine A110',
        category: 'Premium',
        pricePerDayCents: 39_000,
        depositCents: 300_000,
        imageUrl: '/images/vehicles/alpine-a110.svg',
      }),
    });
    expect(created.statusCode).toBe(201);
    const vehicleId = created.json<Vehicle>().id;
    const [photo] = await uploadOk(vehicleId, await makePhoto());
    await ctx.app.photoVariants.idle();

    const deleted = await asAdmin('DELETE', `/admin/vehicles/${vehicleId}`);
    expect(deleted.json().outcome).toBe('deleted');
    expect(await storedFiles(photo!.id)).toEqual([]);
  });
});

describe('variants left unmade', () => {
  it('are made by the background sweep once the claim of the instance that stopped lapses', async () => {
    const { id } = await vehicle('mercedes-classe-c');
    const [photo] = await uploadOk(id, await makePhoto());
    await ctx.app.photoVariants.idle();
    // As if the uploading instance had stopped before making the AVIF variants.
    await ctx.db.query(
      `update vehicle_photos set formats = array['jpeg', 'webp'],
         variants_claimed_at = now() - interval '1 hour' where id = $1`,
      [photo!.id],
    );
    for (const width of photo!.widths) {
      await ctx.app.storage.delete(`vehicle-photos/${photo!.id}/${width}.avif`);
    }
    await ctx.app.photoVariants.sweep();
    expect((await vehicle('mercedes-classe-c')).photos[0]!.formats).toContain('avif');
    expect((await fetchVariant(vehiclePhotoUrl(photo!.id, 480, 'avif'))).statusCode).toBe(200);
  });
});
