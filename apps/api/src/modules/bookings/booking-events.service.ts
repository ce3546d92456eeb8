import { nextBookingState, type BookingEvent, type BookingState } from '@vroum/core/booking-events';
import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { notifyCustomer } from '../notifications/notify-customer';
import {
  lockBookingState,
  stateOf,
  writeBookingState,
  type BookingStateRow,
} from './booking-lifecycle.repository';
import { defaultNotice, type NoticeText } from './booking-notices';

export interface BookingEventInput {
  bookingId: string;
  event: BookingEvent;
  /** Who made it happen; null for the processor or a background job. */
  actorUserId: string | null;
  /** Recorded in the audit entry with the change (who asked, fee, refund, key…). */
  details?: Record<string, unknown>;
  /** What the customer is told: the event's own notice when omitted, nothing when null. */
  notice?: Partial<NoticeText> | null;
  /** The card a successful payment saved, for the deposit and later charges. */
  savedPaymentMethod?: string | null;
}

export type EventOutcome =
  | { applied: true; before: BookingStateRow; after: BookingState }
  | { applied: false; before: BookingStateRow };

/**
 * The gate of a booking's state, and its only writer: applies one event inside the caller's
 * transaction. The booking's row is locked, core's table decides whether the event may happen
 * now and what follows, and the three statuses, the audit entry and the customer's notice (the
 * mail outbox and the in-app notification) are written together. An event the table refuses
 * changes nothing and answers `applied: false` with the state that refused it.
 */
export async function applyBookingEvent(
  tx: Queryable,
  site: SiteInfo,
  input: BookingEventInput,
): Promise<EventOutcome> {
  const before = await lockBookingState(tx, input.bookingId);
  if (!before) throw notFound('Réservation introuvable', 'booking_not_found');
  const after = nextBookingState(stateOf(before), input.event);
  if (!after) return { applied: false, before };
  await writeBookingState(tx, before.id, after, input.savedPaymentMethod ?? null);
  await writeAudit(tx, {
    actorUserId: input.actorUserId,
    action: 'booking.status',
    entity: 'booking',
    entityId: before.id,
    before: snapshot(stateOf(before)),
    after: { ...snapshot(after), event: input.event, ...input.details },
  });
  const notice =
    input.notice === null ? null : { ...defaultNotice(input.event, before), ...input.notice };
  if (notice?.title && notice.message && before.customer_email) {
    await notifyCustomer(tx, site, {
      userId: before.user_id,
      email: before.customer_email,
      dedupeKey: notice.dedupeKey ?? `booking-event:${before.id}:${input.event}`,
      title: notice.title,
      message: notice.message,
      paragraphs: notice.paragraphs,
      link: notice.link ?? `/reservation/${before.id}`,
      linkLabel: notice.linkLabel ?? 'Voir ma réservation',
    });
  }
  return { applied: true, before, after };
}

const snapshot = (state: BookingState) => ({
  bookingStatus: state.booking,
  paymentStatus: state.payment,
  depositStatus: state.deposit,
  cancellationCause: state.cancellation,
});
