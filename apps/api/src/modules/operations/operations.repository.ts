import type { Agent, MissionKind, ReturnMode } from '@vroum/core/operations';
import type { BookingStatus } from '@vroum/core/booking';
import type { Queryable } from '../../db/client';

export async function listAgents(db: Queryable): Promise<Agent[]> {
  const { rows } = await db.query<Agent>(
    `select u.id, coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
         nullif(u.name, ''), u.email) as name, u.email
       from user_roles r join users u on u.id = r.user_id
       left join profiles p on p.user_id = u.id
      where r.role = 'driver' order by name, u.email`,
  );
  return rows;
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.id ?? null;
}

/** Grants the agent role; false when the user had it already. */
export async function grantDriverRole(db: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into user_roles (user_id, role) values ($1, 'driver') on conflict do nothing`,
    [userId],
  );
  return rowCount === 1;
}

/** Withdraws the agent role and unassigns them from the missions not done yet. */
export async function revokeDriverRole(tx: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `delete from user_roles where user_id = $1 and role = 'driver'`,
    [userId],
  );
  await tx.query(
    `update bookings set delivery_agent_id = null
      where delivery_agent_id = $1 and delivery_status <> 'delivered'`,
    [userId],
  );
  await tx.query(
    `update bookings set return_agent_id = null
      where return_agent_id = $1 and return_status <> 'collected'`,
    [userId],
  );
  return rowCount === 1;
}

export async function assignMission(
  db: Queryable,
  bookingId: string,
  kind: MissionKind,
  agentId: string | null,
): Promise<boolean> {
  const column = kind === 'delivery' ? 'delivery_agent_id' : 'return_agent_id';
  const { rowCount } = await db.query(
    `update bookings set ${column} = $2, updated_at = now() where id = $1`,
    [bookingId, agentId],
  );
  return rowCount === 1;
}

/** A booking's delivery and return, with what the planning shows of them. */
export interface MissionRow {
  booking_id: string;
  reference: string;
  kind: MissionKind;
  at: Date;
  address: string;
  return_mode: ReturnMode;
  customer_name: string;
  customer_phone: string | null;
  vehicle_name: string;
  vehicle_category: string;
  booking_status: BookingStatus;
  deposit_status: string;
  status: 'planned' | 'en_route' | 'delivered' | 'collected';
  agent_id: string | null;
  agent_name: string | null;
  agent_email: string | null;
  driver_info: Record<string, string> | null;
  user_id: string | null;
  customer_email: string | null;
}

const MISSIONS = `
  with missions as (
    select b.id as booking_id, 'delivery' as kind, b.pickup_date as at, b.pickup_location as address,
           b.delivery_status as status, b.delivery_agent_id as agent_id, b.*
      from bookings b
    union all
    select b.id, 'return', b.return_date, b.return_location, b.return_status, b.return_agent_id, b.*
      from bookings b
  )
  select m.booking_id, m.reference, m.kind, m.at, m.address, m.return_mode, m.booking_status,
         m.deposit_status, m.status, m.agent_id, m.driver_info, m.user_id,
         coalesce(m.customer_email, u.email) as customer_email,
         coalesce(nullif(trim(concat_ws(' ', m.driver_info ->> 'firstName', m.driver_info ->> 'lastName')), ''),
                  nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email, 'Client') as customer_name,
         coalesce(m.driver_info ->> 'phone', p.phone) as customer_phone,
         v.name as vehicle_name, v.category as vehicle_category,
         coalesce(nullif(trim(concat_ws(' ', ap.first_name, ap.last_name)), ''), nullif(a.name, ''), a.email) as agent_name,
         a.email as agent_email
    from missions m
    join vehicles v on v.id = m.vehicle_id
    left join users u on u.id = m.user_id
    left join profiles p on p.user_id = m.user_id
    left join users a on a.id = m.agent_id
    left join profiles ap on ap.user_id = m.agent_id`;

/** Deliveries and returns of confirmed and active bookings in a period, in time order. */
export async function findMissions(
  db: Queryable,
  filter: { from: Date; to: Date; agentId?: string },
): Promise<MissionRow[]> {
  const { rows } = await db.query<MissionRow>(
    `${MISSIONS}
      where m.at >= $1 and m.at < $2
        and ((m.kind = 'delivery' and m.booking_status = 'confirmed')
          or (m.kind = 'return' and m.booking_status in ('confirmed', 'active')))
        and ($3::uuid is null or m.agent_id = $3)
      order by m.at, m.reference
      limit 500`,
    [filter.from, filter.to, filter.agentId ?? null],
  );
  return rows;
}

export async function findMission(
  db: Queryable,
  bookingId: string,
  kind: MissionKind,
): Promise<MissionRow | null> {
  const { rows } = await db.query<MissionRow>(
    `${MISSIONS} where m.booking_id = $1 and m.kind = $2`,
    [bookingId, kind],
  );
  return rows[0] ?? null;
}

export async function setMissionStatus(
  db: Queryable,
  bookingId: string,
  kind: MissionKind,
  status: string,
): Promise<void> {
  const column = kind === 'delivery' ? 'delivery_status' : 'return_status';
  await db.query(`update bookings set ${column} = $2, updated_at = now() where id = $1`, [
    bookingId,
    status,
  ]);
}

/** The customer's choice of where the car comes back; false when the booking is not theirs. */
export async function setReturnMode(
  db: Queryable,
  bookingId: string,
  userId: string,
  mode: ReturnMode,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update bookings set return_mode = $3, updated_at = now()
      where id = $1 and user_id = $2 and booking_status in ('confirmed', 'active')
        and return_date > now() and return_status = 'planned'`,
    [bookingId, userId, mode],
  );
  return rowCount === 1;
}
