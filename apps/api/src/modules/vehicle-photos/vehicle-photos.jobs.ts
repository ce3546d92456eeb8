import type { FastifyInstance } from 'fastify';

/**
 * Makes the variants left unmade by an instance that stopped before finishing them. Not awaited:
 * the encoding (seconds per photo) must not hold up the booking jobs that run after it.
 */
export function finishVehiclePhotos(app: FastifyInstance): Promise<void> {
  void app.photoVariants.sweep();
  return Promise.resolve();
}
