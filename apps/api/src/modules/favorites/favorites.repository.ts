import type { Queryable } from '../../db/client';

/** The user's favourite vehicles, most recently added first. */
export async function findFavoriteVehicleIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ vehicle_id: string }>(
    `select vehicle_id from favorites where user_id = $1 order by created_at desc, vehicle_id`,
    [userId],
  );
  return rows.map((row) => row.vehicle_id);
}

/**
 * Adds the vehicle to the user's favourites; nothing changes when it is one already. Returns
 * false when there is no such vehicle.
 */
export async function addFavorite(
  db: Queryable,
  userId: string,
  vehicleId: string,
): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `with vehicle as (select id from vehicles where id = $2),
          added as (insert into favorites (user_id, vehicle_id) select $1, id from vehicle
                    on conflict (user_id, vehicle_id) do nothing returning vehicle_id)
     select exists (select 1 from vehicle) as found`,
    [userId, vehicleId],
  );
  return rows[0]?.found === true;
}

/** Removes the vehicle from the user's favourites, if it was one. */
export async function removeFavorite(
  db: Queryable,
  userId: string,
  vehicleId: string,
): Promise<void> {
  await db.query('delete from favorites where user_id = $1 and vehicle_id = $2', [
    userId,
    vehicleId,
  ]);
}
