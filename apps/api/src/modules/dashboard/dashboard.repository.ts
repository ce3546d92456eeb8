import type { Queryable } from '../../db/client';

/** Midnight in Paris of each calendar day (yyyy-mm-dd), as instants, in the order given. */
export async function parisMidnights(db: Queryable, days: readonly string[]): Promise<Date[]> {
  const { rows } = await db.query<{ at: Date }>(
    `select d::timestamp at time zone 'Europe/Paris' as at
       from unnest($1::date[]) with ordinality as days (d, n) order by n`,
    [days],
  );
  return rows.map((row) => row.at);
}

export interface CarOccupancyRow {
  vehicle_id: string;
  name: string;
  category: string;
  bookings: number;
  blocks: number;
  booked_minutes: number;
  blocked_minutes: number;
  busy_minutes: number;
}

/**
 * Each car of the fleet with what of [from, to) it spent rented or out of service. A rental counts
 * from its delivery to its return once confirmed (confirmed, active, completed: a pending hold is
 * no rental yet). A block counts for its period, a lifted one until it was lifted; a block lifted
 * before it began never took the car. The spans of one car are merged before they are measured,
 * so a period both booked and blocked counts once in the busy time.
 */
export async function findOccupancy(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<CarOccupancyRow[]> {
  const { rows } = await db.query<CarOccupancyRow>(
    `with month as (select tstzrange($1::timestamptz, $2::timestamptz) as span),
     spans as (
       select b.vehicle_id, 'booking' as source, b.period * month.span as period
         from bookings b, month
        where b.booking_status in ('confirmed', 'active', 'completed') and b.period && month.span
       union all
       select k.vehicle_id, 'block',
              tstzrange(lower(k.period), greatest(lower(k.period),
                least(upper(k.period), coalesce(k.lifted_at, upper(k.period))))) * month.span
         from vehicle_blocks k, month
        where k.period && month.span),
     merged as (
       select vehicle_id, source, count(*)::int as spans, range_agg(period) as periods
         from spans where not isempty(period) group by vehicle_id, source
       union all
       select vehicle_id, 'any', 0, range_agg(period)
         from spans where not isempty(period) group by vehicle_id),
     measured as (
       select merged.vehicle_id, merged.source, merged.spans,
              (select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0)
                 from unnest(merged.periods) r) / 60 as minutes
         from merged)
     select v.id as vehicle_id, v.name, v.category,
            coalesce(max(m.spans) filter (where m.source = 'booking'), 0)::int as bookings,
            coalesce(max(m.spans) filter (where m.source = 'block'), 0)::int as blocks,
            round(coalesce(sum(m.minutes) filter (where m.source = 'booking'), 0))::int
              as booked_minutes,
            round(coalesce(sum(m.minutes) filter (where m.source = 'block'), 0))::int
              as blocked_minutes,
            round(coalesce(sum(m.minutes) filter (where m.source = 'any'), 0))::int as busy_minutes
       from vehicles v left join measured m on m.vehicle_id = v.id
      group by v.id, v.name, v.category
      order by v.category, v.name`,
    [from, to],
  );
  return rows;
}
