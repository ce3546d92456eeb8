import type { PhotoVariantWorker } from './photo-variant-worker';

/**
 * Makes the variants left unmade by an instance that stopped before finishing them. Not awaited:
 * the encoding (seconds per photo) must not hold up the booking jobs that run after it.
 */
export function finishVehiclePhotos(deps: { photoVariants: PhotoVariantWorker }): Promise<void> {
  void deps.photoVariants.sweep();
  return Promise.resolve();
}
