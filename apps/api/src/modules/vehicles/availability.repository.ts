import type { Queryable } from '../../db/client';

/**
 * Bookings that hold a car: confirmed or in progress, or pending payment within its hold. These
 * are the rows the exclusion constraint protects; the first condition matches the partial GiST
 * index `bookings_busy_period_idx` so the planner can use it.
 */
export const HOLDS_THE_CAR = `b.booking_status in ('pending', 'confirmed', 'active')
  and (b.booking_status <> 'pending' or b.hold_expires_at is null or b.hold_expires_at > now())`;

/**
 * The cars a live fleet block takes out of service during [$start, $end): a few rows at most,
 * read from the partial GiST index `vehicle_blocks_live_period_idx` alone.
 */
export const blockedDuring = (start: string, end: string) =>
  `select k.vehicle_id from vehicle_blocks k
    where k.lifted_at is null and k.period && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')`;

export interface Period {
  start: string;
  end: string;
}

/** Is the car free for the whole half-open period (no holding booking, no fleet block)? */
export async function isVehicleFree(
  db: Queryable,
  vehicleId: string,
  period: Period,
): Promise<boolean> {
  const { rows } = await db.query<{ busy: boolean }>(
    `select exists (
       select 1 from bookings b
        where b.vehicle_id = $1 and b.period && tstzrange($2::timestamptz, $3::timestamptz, '[)')
          and ${HOLDS_THE_CAR}
     ) or $1::uuid in (${blockedDuring('$2', '$3')}) as busy`,
    [vehicleId, period.start, period.end],
  );
  return rows[0]?.busy === false;
}

/** Does a live fleet block take the car during part of the period? */
export async function isVehicleBlocked(
  db: Queryable,
  vehicleId: string,
  period: Period,
): Promise<boolean> {
  const { rows } = await db.query<{ blocked: boolean }>(
    `select $1::uuid in (${blockedDuring('$2', '$3')}) as blocked`,
    [vehicleId, period.start, period.end],
  );
  return rows[0]?.blocked === true;
}

/**
 * Which of these cars a booking holds or a fleet block takes during the period: one probe of the
 * exclusion constraint's (vehicle_id, period) index per car, so the cost follows the cars listed,
 * not the bookings.
 */
export async function findBusyVehicleIds(
  db: Queryable,
  period: Period,
  vehicleIds: readonly string[],
): Promise<Set<string>> {
  if (vehicleIds.length === 0) return new Set();
  const { rows } = await db.query<{ vehicle_id: string }>(
    `select v.id as vehicle_id from unnest($3::uuid[]) as v(id)
      where exists (
        select 1 from bookings b
         where b.vehicle_id = v.id
           and b.period && tstzrange($1::timestamptz, $2::timestamptz, '[)') and ${HOLDS_THE_CAR})
         or v.id in (${blockedDuring('$1', '$2')})`,
    [period.start, period.end, [...vehicleIds]],
  );
  return new Set(rows.map((row) => row.vehicle_id));
}

const toIso = (value: Date | string) => new Date(value).toISOString();

/**
 * The periods of [from, to) during which the car is taken: its rows of `vehicle_occupancy` (the
 * holding bookings, live blocks and extensions being paid that the exclusion constraint protects,
 * decisions 038 and 043) less the payments whose hold has lapsed, cut to the window and merged
 * where they touch or overlap, so the answer tells neither how many bookings there are nor which
 * is which. Nothing before now is told: a car's past rentals are nobody's business.
 */
export async function findTakenPeriods(
  db: Queryable,
  vehicleId: string,
  window: { from: string; to: string },
): Promise<Period[]> {
  const { rows } = await db.query<{ start: Date | string; end: Date | string }>(
    `select lower(o.period * w.range) as start, upper(o.period * w.range) as end
       from vehicle_occupancy o
       cross join (select tstzrange(least(greatest($2::timestamptz, now()), $3::timestamptz),
                                      $3::timestamptz, '[)')
                     as range) w
       left join bookings b on b.id = o.booking_id
       left join rental_extensions x on x.id = o.extension_id
      where o.vehicle_id = $1 and o.period && w.range
        and (o.booking_id is null or (${HOLDS_THE_CAR}))
        and (o.extension_id is null or x.hold_expires_at > now())
      order by lower(o.period)`,
    [vehicleId, window.from, window.to],
  );
  const merged: Period[] = [];
  for (const row of rows) {
    const period = { start: toIso(row.start), end: toIso(row.end) };
    const last = merged.at(-1);
    if (last && Date.parse(period.start) <= Date.parse(last.end)) {
      if (Date.parse(period.end) > Date.parse(last.end)) last.end = period.end;
    } else {
      merged.push(period);
    }
  }
  return merged;
}
