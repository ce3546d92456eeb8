import { z } from 'zod';

/** GET /me/favorites: the ids of the signed-in user's favourite vehicles, newest first. */
export const FavoriteList = z.object({ vehicleIds: z.array(z.uuid()) });
export type FavoriteList = z.infer<typeof FavoriteList>;

/** PUT and DELETE /me/favorites/:vehicleId. */
export const FavoriteParams = z.object({
  vehicleId: z.uuid('Identifiant de véhicule invalide.'),
});
export type FavoriteParams = z.infer<typeof FavoriteParams>;
