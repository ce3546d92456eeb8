import { VehiclePhotoFormat } from '@vroum/core/vehicle-photos';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { readObjectBytes } from '../../providers/storage/read-bytes';
import { makeVariants, sourceKey, variantKey } from './photo-variants';
import {
  addPhotoFormat,
  claimUnfinishedPhoto,
  type StoredPhoto,
} from './vehicle-photos.repository';

/**
 * A claim older than this is taken over by another instance: the one that made it has stopped.
 * Far above the time one photo takes (a few seconds), so that two instances rarely make the
 * same variants; when they do, they write the same objects.
 */
export const PHOTO_CLAIM_STALE_SECONDS = 10 * 60;

/**
 * Makes the variants an upload left for later (AVIF: several seconds of encoding per photo, too
 * long to make the team wait, while JPEG and WebP, made during the upload, already show the
 * photo). One photo at a time per instance, off the request that uploaded it.
 */
export interface PhotoVariantWorker {
  /** Makes the missing variants of a photo this instance has just uploaded (and claimed). */
  enqueue(photo: StoredPhoto): void;
  /** Takes over the photos no instance is working on (run by the background jobs). */
  sweep(): Promise<void>;
  /** Resolves once the queued work is done. */
  idle(): Promise<void>;
  /** Stops taking work and waits for the photo in hand. */
  stop(): Promise<void>;
}

export function createPhotoVariantWorker(deps: {
  db: Queryable;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
}): PhotoVariantWorker {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  async function finish(photo: StoredPhoto): Promise<void> {
    const missing = VehiclePhotoFormat.options.filter((format) => !photo.formats.includes(format));
    if (missing.length === 0) return;
    const source = await deps.storage.get(sourceKey(photo.id));
    if (!source) return; // deleted since
    const variants = await makeVariants(await readObjectBytes(source.body), photo.widths, missing);
    for (const variant of variants) {
      await deps.storage.put(
        variantKey(photo.id, variant.width, variant.format),
        variant.bytes,
        variant.contentType,
      );
    }
    for (const format of missing) {
      if (await addPhotoFormat(deps.db, photo.id, format)) continue;
      // The team deleted the photo meanwhile: what was just written goes too.
      for (const variant of variants) {
        await deps.storage.delete(variantKey(photo.id, variant.width, variant.format));
      }
      return;
    }
  }

  const run = (work: () => Promise<void>): Promise<void> => {
    if (stopped) return chain;
    chain = chain.then(work).catch((error: unknown) => {
      // The claim lapses and another sweep retries.
      deps.log.error({ err: error }, 'vehicle photo variants not made');
    });
    return chain;
  };

  return {
    enqueue(photo) {
      void run(() => finish(photo));
    },
    sweep() {
      return run(async () => {
        let photo: StoredPhoto | null;
        while (
          !stopped &&
          (photo = await claimUnfinishedPhoto(deps.db, PHOTO_CLAIM_STALE_SECONDS))
        ) {
          await finish(photo);
        }
      });
    },
    idle: () => chain,
    stop() {
      stopped = true;
      return chain;
    },
  };
}
