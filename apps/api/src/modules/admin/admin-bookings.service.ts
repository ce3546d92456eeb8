import type { AdminBooking, AdminBookingPage, AdminBookingStatus } from '@vroum/core/admin';
import type { BookingStatus } from '@vroum/core/booking';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { decodeKeysetCursor, encodeKeysetCursor, UUID_PATTERN } from '../../lib/keyset-cursor';
import { findBookingForPayment, upsertPayment } from '../bookings/bookings.repository';
import { IdempotencyConflictError } from '../../providers/payment/payment-provider';
import { writeAudit } from './audit';

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
  received_cents: number;
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
    coalesce(pay.received, 0)::int as received_cents, coalesce(pay.refunded, 0)::int as refunded_cents,
    coalesce(dep.held, 0)::int as deposit_held_cents,
    coalesce(dep.captured, 0)::int as deposit_captured_cents,
    b.created_at, b.created_at::text as created_at_text
  from bookings b
  join vehicles v on v.id = b.vehicle_id
  left join users u on u.id = b.user_id
  left join profiles p on p.user_id = b.user_id
  left join lateral (
    select sum(x.amount_captured_cents) as received, sum(x.amount_refunded_cents) as refunded
      from payments x where x.booking_id = b.id and x.kind = 'rental') pay on true
  left join lateral (
    select sum(x.amount_cents) filter (where x.status = 'requires_capture') as held,
           sum(x.amount_captured_cents) as captured
      from payments x where x.booking_id = b.id and x.kind = 'deposit') dep on true`;

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
    refundableCents: Math.max(0, row.received_cents - row.refunded_cents),
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
export async function listAdminBookings(
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
    if (filter.from && filter.to && filter.to < filter.from) {
      throw badRequest('La date de fin doit être postérieure à la date de début.', 'to');
    }
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

export async function findAdminBooking(db: Queryable, id: string): Promise<AdminBooking> {
  const { rows } = await db.query<AdminBookingRow>(`${SELECT} where b.id = $1`, [id]);
  if (!rows[0]) throw notFound('Réservation introuvable', 'booking_not_found');
  return toAdminBooking(rows[0]);
}

const providerFailure = (error: unknown) =>
  new AppError(
    'payment_provider_error',
    `Le prestataire de paiement a refusé l’opération : ${
      error instanceof Error ? error.message : 'erreur inconnue'
    }`,
    502,
  );

/**
 * A money operation at the payment provider, asked by an administrator: the same request key
 * already under way there is a 409 with `inProgress`'s French message; any other failure is
 * logged and answered as the provider's refusal (502).
 */
async function atProvider<T>(
  app: FastifyInstance,
  bookingId: string,
  operation: string,
  inProgress: { code: string; message: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw new AppError(inProgress.code, inProgress.message, 409);
    }
    app.log.error({ err: error, bookingId }, `${operation} failed`);
    throw providerFailure(error);
  }
}

/**
 * Releases what a booking still holds at the payment provider: on cancellation every deposit
 * authorisation and a rental authorisation not yet captured; once the car is back (completed)
 * the deposit only. Provider calls carry fixed idempotency keys and run before the database
 * change, so a retry after a failure is safe.
 */
async function releaseHolds(
  app: FastifyInstance,
  bookingId: string,
  kinds: readonly ('rental' | 'deposit')[] = ['rental', 'deposit'],
): Promise<void> {
  const { rows } = await app.db.query<{
    provider_ref: string;
    kind: 'rental' | 'deposit';
    amount_cents: number;
  }>(
    `select provider_ref, kind, amount_cents from payments
      where booking_id = $1 and provider = $2 and kind = any($3::text[])
        and status in ('requires_payment_method', 'requires_confirmation', 'requires_action',
                       'requires_capture', 'processing')`,
    [bookingId, app.payments.name, kinds],
  );
  for (const payment of rows) {
    try {
      const intent = await app.payments.cancelIntent(
        payment.provider_ref,
        `booking:${bookingId}:admin-cancel:${payment.provider_ref}`,
      );
      await upsertPayment(app.db, {
        bookingId,
        provider: app.payments.name,
        providerRef: intent.id,
        kind: payment.kind,
        amountCents: payment.amount_cents,
        status: intent.status,
        amountCapturedCents: intent.amountReceivedCents,
      });
    } catch (error) {
      app.log.error({ err: error, bookingId }, 'admin cancellation: release failed');
      throw providerFailure(error);
    }
  }
}

/** An amount as the messages write it: 1234,50 €. */
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

const snapshot = (row: {
  booking_status: string;
  payment_status: string;
  deposit_status: string;
}) => ({
  bookingStatus: row.booking_status,
  paymentStatus: row.payment_status,
  depositStatus: row.deposit_status,
});

/**
 * SPEC §4: the administrator sets pending, confirmed, cancelled or completed. Cancelling frees
 * the car's period (only pending, confirmed and active bookings hold it) and releases the
 * deposit hold; money already taken is given back only by the separate refund action.
 */
export async function changeBookingStatus(
  app: FastifyInstance,
  actorUserId: string,
  id: string,
  status: AdminBookingStatus,
): Promise<AdminBooking> {
  const booking = await findBookingForPayment(app.db, id);
  if (!booking) throw notFound('Réservation introuvable', 'booking_not_found');
  if (status === 'cancelled') await releaseHolds(app, id);
  // Returned without damage: the deposit authorisation is released (SPEC §4).
  if (status === 'completed') await releaseHolds(app, id, ['deposit']);
  try {
    await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        booking_status: string;
        payment_status: string;
        deposit_status: string;
      }>(
        'select booking_status, payment_status, deposit_status from bookings where id = $1 for update',
        [id],
      );
      const before = rows[0];
      if (!before) throw notFound('Réservation introuvable', 'booking_not_found');
      if (before.booking_status === status) return;
      const updated = await tx.query<{
        booking_status: string;
        payment_status: string;
        deposit_status: string;
      }>(
        `update bookings set booking_status = $2, hold_expires_at = null, updated_at = now(),
           deposit_status = case
             when $2 in ('cancelled', 'completed') and deposit_status = 'held' then 'released'
             when $2 in ('cancelled', 'completed') and deposit_status = 'scheduled' then 'not_held'
             else deposit_status end
         where id = $1 returning booking_status, payment_status, deposit_status`,
        [id, status],
      );
      await writeAudit(tx, {
        actorUserId,
        action: 'booking.status',
        entity: 'booking',
        entityId: id,
        before: snapshot(before),
        after: snapshot(updated.rows[0]!),
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23P01') {
      throw new AppError(
        'vehicle_unavailable',
        'Impossible de rétablir cette réservation : le véhicule est déjà réservé sur une période qui la chevauche.',
        409,
        'status',
      );
    }
    throw error;
  }
  return findAdminBooking(app.db, id);
}

/** Whether the money action of this idempotency key is already recorded in the audit log. */
async function alreadyRecorded(
  db: Queryable,
  bookingId: string,
  action: 'booking.refund' | 'booking.deposit_capture',
  key: string,
): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>(
    `select exists (select 1 from audit_log where entity = 'booking' and entity_id = $1
       and action = $2 and after ->> 'idempotencyKey' = $3) as done`,
    [bookingId, action, key],
  );
  return rows[0]?.done === true;
}

/**
 * A refund is its own confirmed action (never a side effect of a status): the amount goes back
 * on the rental payment through the payment port. The idempotency key makes a retried request
 * refund once.
 */
export async function refundBooking(
  app: FastifyInstance,
  actorUserId: string,
  id: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<AdminBooking> {
  const booking = await findAdminBooking(app.db, id);
  const { rows } = await app.db.query<{
    provider_ref: string;
    amount_captured_cents: number;
    amount_refunded_cents: number;
  }>(
    `select provider_ref, amount_captured_cents, amount_refunded_cents from payments
      where booking_id = $1 and kind = 'rental' and provider = $2 and amount_captured_cents > 0
      order by created_at desc limit 1`,
    [id, app.payments.name],
  );
  const payment = rows[0];
  const key = `booking:${id}:admin-refund:${idempotencyKey}`;
  if (await alreadyRecorded(app.db, id, 'booking.refund', key)) return booking;
  const refundable = payment ? payment.amount_captured_cents - payment.amount_refunded_cents : 0;
  if (!payment || refundable <= 0) {
    throw new AppError(
      'nothing_to_refund',
      'Aucun montant encaissé ne reste à rembourser sur cette réservation.',
      422,
      'amountCents',
    );
  }
  if (amountCents > refundable) {
    throw new AppError(
      'refund_too_large',
      `Le montant du remboursement dépasse le montant encaissé restant (${euros(refundable)}).`,
      422,
      'amountCents',
    );
  }
  const refund = await atProvider(
    app,
    id,
    'admin refund',
    { code: 'refund_in_progress', message: 'Ce remboursement est déjà en cours.' },
    () => app.payments.refund(payment.provider_ref, amountCents, key),
  );
  await app.db.transaction(async (tx) => {
    const before = await tx.query<{ payment_status: string; amount_refunded_cents: number }>(
      `select b.payment_status, p.amount_refunded_cents from bookings b
         join payments p on p.booking_id = b.id and p.provider = $2 and p.provider_ref = $3
        where b.id = $1 for update of b, p`,
      [id, app.payments.name, payment.provider_ref],
    );
    // A concurrent request with the same key got the lock first: the provider refunded once
    // (same key), and that request recorded it.
    if (await alreadyRecorded(tx, id, 'booking.refund', key)) return;
    const updated = await tx.query<{
      amount_refunded_cents: number;
      amount_captured_cents: number;
    }>(
      `update payments set amount_refunded_cents = amount_refunded_cents + $3, updated_at = now()
        where provider = $1 and provider_ref = $2
        returning amount_refunded_cents, amount_captured_cents`,
      [app.payments.name, payment.provider_ref, amountCents],
    );
    const after = updated.rows[0]!;
    const fully = after.amount_refunded_cents >= after.amount_captured_cents;
    const status = await tx.query<{ payment_status: string }>(
      `update bookings set payment_status = case when $2 then 'refunded' else payment_status end,
         updated_at = now() where id = $1 returning payment_status`,
      [id, fully],
    );
    await writeAudit(tx, {
      actorUserId,
      action: 'booking.refund',
      entity: 'booking',
      entityId: id,
      before: {
        paymentStatus: before.rows[0]?.payment_status,
        refundedCents: before.rows[0]?.amount_refunded_cents,
      },
      after: {
        paymentStatus: status.rows[0]?.payment_status,
        refundedCents: after.amount_refunded_cents,
        amountCents,
        refundId: refund.id,
        idempotencyKey: key,
      },
    });
  });
  return findAdminBooking(app.db, id);
}

/**
 * Damage recorded at the return (SPEC §4: the deposit is never taken otherwise): the team takes
 * up to the amount held on the card, with the reason, and the rest of the authorisation is
 * released by the capture itself (a card authorisation is captured once). Confirmed action,
 * audited, idempotent per request key.
 */
export async function captureDepositForDamage(
  app: FastifyInstance,
  actorUserId: string,
  id: string,
  input: { amountCents: number; reason: string },
  idempotencyKey: string,
): Promise<AdminBooking> {
  const booking = await findAdminBooking(app.db, id);
  const key = `booking:${id}:deposit-capture:${idempotencyKey}`;
  if (await alreadyRecorded(app.db, id, 'booking.deposit_capture', key)) return booking;
  const { rows } = await app.db.query<{ provider_ref: string; amount_cents: number }>(
    `select provider_ref, amount_cents from payments
      where booking_id = $1 and kind = 'deposit' and provider = $2 and status = 'requires_capture'
      order by created_at desc limit 1`,
    [id, app.payments.name],
  );
  const hold = rows[0];
  if (!hold) {
    throw new AppError(
      'no_deposit_hold',
      'Aucune caution n’est retenue sur la carte pour cette réservation.',
      422,
      'amountCents',
    );
  }
  if (input.amountCents > hold.amount_cents) {
    throw new AppError(
      'deposit_capture_too_large',
      `Le montant dépasse la caution retenue sur la carte (${euros(hold.amount_cents)}).`,
      422,
      'amountCents',
    );
  }
  const intent = await atProvider(
    app,
    id,
    'deposit capture',
    { code: 'deposit_capture_in_progress', message: 'Cette retenue est déjà en cours.' },
    () => app.payments.captureIntent(hold.provider_ref, key, input.amountCents),
  );
  await app.db.transaction(async (tx) => {
    const before = await tx.query<{ deposit_status: string }>(
      'select deposit_status from bookings where id = $1 for update',
      [id],
    );
    if (await alreadyRecorded(tx, id, 'booking.deposit_capture', key)) return;
    await tx.query(
      `update payments set status = $3, amount_captured_cents = $4, updated_at = now()
        where provider = $1 and provider_ref = $2`,
      [app.payments.name, hold.provider_ref, intent.status, intent.amountReceivedCents],
    );
    await tx.query(
      `update bookings set deposit_status = 'captured', updated_at = now() where id = $1`,
      [id],
    );
    await writeAudit(tx, {
      actorUserId,
      action: 'booking.deposit_capture',
      entity: 'booking',
      entityId: id,
      before: { depositStatus: before.rows[0]?.deposit_status, heldCents: hold.amount_cents },
      after: {
        depositStatus: 'captured',
        amountCents: intent.amountReceivedCents,
        reason: input.reason,
        idempotencyKey: key,
      },
    });
  });
  return findAdminBooking(app.db, id);
}
