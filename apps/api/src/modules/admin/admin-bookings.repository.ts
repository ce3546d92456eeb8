import type { AdminBooking, AdminBookingPage } from '@vroum/core/admin';
import type { BookingStatus } from '@vroum/core/booking';
import type { Queryable } from '../../db/client';
import { decodeKeysetCursor, encodeKeysetCursor, UUID_PATTERN } from '../../lib/keyset-cursor';

interface AdminBookingRow {
  id: string;
  reference: string;
  customer_name: string | null;
  customer_email: string | null;
  vehicle_name: string;
  vehicle_category: string;
  pickup_date: Date;
  return_date: Date;
  pickup_location: string;
  return_location: string;
  total_price_cents: number;
  deposit_amount_cents: number;
  booking_status: AdminBooking['bookingStatus'];
  payment_status: AdminBooking['paymentStatus'];
  deposit_status: string;
  steps_flagged: boolean;
  balance_due_cents: number;
  paid_cents: number;
  refundable_cents: number;
  refunded_cents: number;
  deposit_held_cents: number;
  deposit_captured_cents: number;
  created_at: Date;
  created_at_text: string;
}

const SELECT = `select b.id, b.reference,
    coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
             nullif(trim(concat_ws(' ', b.driver_info ->> 'firstName', b.driver_info ->> 'lastName')), ''),
             nullif(u.name, '')) as customer_name,
    coalesce(b.customer_email, u.email) as customer_email,
    v.name as vehicle_name, v.category as vehicle_category,
    b.pickup_date, b.return_date, b.pickup_location, b.return_location,
    b.total_price_cents, b.deposit_amount_cents, b.booking_status, b.payment_status, b.deposit_status,
    b.steps_flagged_at is not null as steps_flagged,
    led.paid::int as paid_cents, led.refunded::int as refunded_cents,
    greatest(led.rental_captured - led.refunds_asked, 0)::int as refundable_cents,
    led.deposit_held::int as deposit_held_cents, led.deposit_captured::int as deposit_captured_cents,
    led.due::int as balance_due_cents,
    b.created_at, b.created_at::text as created_at_text
  from bookings b
  join vehicles v on v.id = b.vehicle_id
  left join users u on u.id = b.user_id
  left join profiles p on p.user_id = b.user_id
  -- The money shown is the ledger's: what moved, summed as core's ledgerTotals sums it.
  cross join lateral (
    select
      coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.kind in
        ('rental_capture', 'card_charge', 'deposit_capture', 'balance_payment', 'extension_payment')), 0) as paid,
      coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.kind = 'rental_refund'), 0) as refunded,
      -- What a refund can give back: what was received by card (core's REFUNDABLE_KINDS: the
      -- rental, an extension, the saved card at the return, a balance paid by card).
      coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.provider <> 'outside'
        and m.kind in ('rental_capture', 'extension_payment', 'card_charge', 'balance_payment')), 0) as rental_captured,
      coalesce(sum(m.amount_cents) filter (where m.kind = 'rental_refund'), 0) as refunds_asked,
      coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.kind = 'deposit_hold'), 0)
        - coalesce(sum(m.amount_cents) filter (where m.state = 'done'
            and m.kind in ('deposit_capture', 'deposit_release')), 0) as deposit_held,
      coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.kind = 'deposit_capture'), 0) as deposit_captured,
      coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.kind = 'charge_due'), 0)
        - coalesce(sum(m.amount_cents) filter (where m.state = 'done' and m.kind in ('charge_waived', 'balance_payment')), 0) as due
      from money_movements m where m.booking_id = b.id) led`;

function toAdminBooking(row: AdminBookingRow): AdminBooking {
  return {
    id: row.id,
    reference: row.reference,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    vehicleName: row.vehicle_name,
    vehicleCategory: row.vehicle_category,
    pickupDate: row.pickup_date.toISOString(),
    returnDate: row.return_date.toISOString(),
    pickupLocation: row.pickup_location,
    returnLocation: row.return_location,
    totalPriceCents: row.total_price_cents,
    depositAmountCents: row.deposit_amount_cents,
    bookingStatus: row.booking_status,
    paymentStatus: row.payment_status,
    depositStatus: row.deposit_status,
    stepsFlagged: row.steps_flagged,
    balanceDueCents: row.balance_due_cents,
    paidCents: row.paid_cents,
    refundableCents: row.refundable_cents,
    refundedCents: row.refunded_cents,
    depositHeldCents: row.deposit_held_cents,
    depositCapturedCents: row.deposit_captured_cents,
    createdAt: row.created_at.toISOString(),
  };
}

const encodeCursor = (row: AdminBookingRow) => encodeKeysetCursor([row.created_at_text, row.id]);

const decodeCursor = (cursor: string): [string, string] =>
  decodeKeysetCursor(
    cursor,
    ([createdAt, id, ...rest]) =>
      rest.length === 0 &&
      typeof createdAt === 'string' &&
      // created_at as PostgreSQL prints a timestamptz; anything else would fail the cast in SQL.
      /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/.test(
        createdAt,
      ) &&
      typeof id === 'string' &&
      UUID_PATTERN.test(id)
        ? [createdAt, id]
        : null,
    'cursor',
  );

export interface BookingFilter {
  status?: BookingStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * Newest first, keyset-paginated on (created_at, id) so that page 500 of 10,000 bookings costs
 * what page 1 costs. Filters use the indexes of migrations 0001, 0004 and 0005: status
 * (bookings_status_idx), period overlap (gist), reference prefix and e-mail.
 */
export async function selectAdminBookingPage(
  db: Queryable,
  filter: BookingFilter,
): Promise<AdminBookingPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.status) where.push(`b.booking_status = ${param(filter.status)}`);
  if (filter.from || filter.to) {
    const from = filter.from
      ? `(${param(filter.from)}::date::timestamp at time zone 'Europe/Paris')`
      : `'-infinity'::timestamptz`;
    const to = filter.to
      ? `((${param(filter.to)}::date + 1)::timestamp at time zone 'Europe/Paris')`
      : `'infinity'::timestamptz`;
    where.push(`b.period && tstzrange(${from}, ${to}, '[)')`);
  }
  const q = filter.q?.trim().replace(/^#/, '');
  if (q) {
    if (q.includes('@')) {
      const email = param(q.toLowerCase());
      where.push(`(lower(b.customer_email) like ${email} || '%'
        or b.user_id = (select id from users where lower(email) = ${email}))`);
    } else if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q)) {
      where.push(`b.id = ${param(q.toLowerCase())}`);
    } else if (/^[0-9a-f-]{1,8}$/i.test(q)) {
      // A short hex text may be a reference or the start of an e-mail ("ab", "dec").
      where.push(`(b.reference like ${param(q.toUpperCase())} || '%'
        or lower(b.customer_email) like ${param(q.toLowerCase())} || '%')`);
    } else {
      // The start of an e-mail typed without its "@".
      where.push(`lower(b.customer_email) like ${param(q.toLowerCase())} || '%'`);
    }
  }
  const filterSql = where.length ? `where ${where.join(' and ')}` : '';
  const countParams = [...params];

  const pageWhere = [...where];
  if (filter.cursor) {
    const [createdAt, id] = decodeCursor(filter.cursor);
    pageWhere.push(`(b.created_at, b.id) < (${param(createdAt)}::timestamptz, ${param(id)}::uuid)`);
  }
  const pageSql = pageWhere.length ? `where ${pageWhere.join(' and ')}` : '';
  const limit = param(filter.limit + 1);

  const [page, count] = await Promise.all([
    db.query<AdminBookingRow>(
      `${SELECT} ${pageSql} order by b.created_at desc, b.id desc limit ${limit}`,
      params as never[],
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from bookings b ${filterSql}`,
      countParams as never[],
    ),
  ]);
  const rows = page.rows.slice(0, filter.limit);
  const more = page.rows.length > filter.limit;
  return {
    bookings: rows.map(toAdminBooking),
    total: count.rows[0]?.total ?? 0,
    nextCursor: more && rows.length ? encodeCursor(rows[rows.length - 1]!) : null,
  };
}

export async function selectAdminBooking(db: Queryable, id: string): Promise<AdminBooking | null> {
  const { rows } = await db.query<AdminBookingRow>(`${SELECT} where b.id = $1`, [id]);
  return rows[0] ? toAdminBooking(rows[0]) : null;
}
