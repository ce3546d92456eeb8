import type { BookingStatus, PaymentStatus } from './booking';

/** Where the deposit stands: scheduled 24 h before delivery, then held, captured or released. */
export type DepositStatus = 'not_held' | 'scheduled' | 'held' | 'released' | 'captured' | 'failed';

/** Why a booking was cancelled: only a lapsed hold may be revived by its late payment. */
export type CancellationCause =
  'hold_lapsed' | 'payment_failed' | 'customer' | 'admin' | 'car_taken' | 'code_spent';

/** A booking's three statuses, which change together or not at all. */
export interface BookingState {
  booking: BookingStatus;
  payment: PaymentStatus;
  deposit: DepositStatus;
  cancellation: CancellationCause | null;
}

/**
 * What can happen to a booking. Each event names one thing that happened (a payment, a lapse, a
 * decision of the customer or of the team, a handover, a movement of the deposit); the table
 * below decides whether it may happen in the booking's current state and what state follows.
 */
export const BOOKING_EVENTS = [
  'payment_succeeded',
  'late_payment_accepted',
  'late_payment_car_taken',
  'late_payment_code_spent',
  'paid_after_cancellation',
  'hold_lapsed',
  'payment_impossible',
  'customer_cancelled',
  'lapsed_hold_withdrawn',
  'admin_confirmed',
  'admin_cancelled',
  'admin_completed',
  'handed_over',
  'returned',
  'fully_refunded',
  'deposit_held',
  'deposit_hold_failed',
  'deposit_captured',
  'deposit_released',
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

interface EventRule {
  /** The states the event may happen in (any value of a status that is not listed). */
  from: {
    booking: readonly BookingStatus[];
    payment?: readonly PaymentStatus[];
    deposit?: readonly DepositStatus[];
    cancellation?: readonly (CancellationCause | null)[];
  };
  to: {
    booking?: BookingStatus;
    /** The payment's moves: a status that is not listed stays as it is. */
    payment?: Partial<Record<PaymentStatus, PaymentStatus>>;
    /** The deposit's moves: a status that is not listed stays as it is. */
    deposit?: Partial<Record<DepositStatus, DepositStatus>>;
    cancellation?: CancellationCause | null;
  };
}

const OPEN: readonly BookingStatus[] = ['pending', 'confirmed'];
/** Leaving for good: a deposit only scheduled is never placed; one still held is let go. */
const CLOSE_DEPOSIT = { scheduled: 'not_held', held: 'released' } as const;
/** Cancelled: a payment still awaited will not come (a late one is voided or given back). */
const cancel = (cause: CancellationCause): EventRule['to'] => ({
  booking: 'cancelled',
  payment: { pending: 'failed' },
  deposit: CLOSE_DEPOSIT,
  cancellation: cause,
});
const PAID = { pending: 'succeeded', failed: 'succeeded' } as const;
const REFUNDED = { pending: 'refunded', failed: 'refunded', succeeded: 'refunded' } as const;

/** The one table of a booking's life, for its three statuses together. */
export const BOOKING_EVENT_RULES: Readonly<Record<BookingEvent, EventRule>> = {
  payment_succeeded: {
    from: { booking: ['pending'], payment: ['pending', 'failed'] },
    to: { booking: 'confirmed', payment: PAID },
  },
  // Paid after its hold lapsed: the booking comes back if the car and its code are still free.
  late_payment_accepted: {
    from: { booking: ['cancelled'], payment: ['failed'], cancellation: ['hold_lapsed'] },
    to: {
      booking: 'confirmed',
      payment: PAID,
      deposit: { not_held: 'scheduled' },
      cancellation: null,
    },
  },
  // …otherwise it stays cancelled, now for that reason, and its money is voided or given back.
  late_payment_car_taken: {
    from: { booking: ['cancelled'], payment: ['failed'], cancellation: ['hold_lapsed'] },
    to: { cancellation: 'car_taken' },
  },
  late_payment_code_spent: {
    from: { booking: ['cancelled'], payment: ['failed'], cancellation: ['hold_lapsed'] },
    to: { cancellation: 'code_spent' },
  },
  // A payment captured after the booking was cancelled is given back whole.
  paid_after_cancellation: {
    from: { booking: ['cancelled'], payment: ['pending', 'failed'] },
    to: { payment: REFUNDED },
  },
  hold_lapsed: {
    from: { booking: ['pending'], payment: ['pending', 'failed'] },
    to: cancel('hold_lapsed'),
  },
  payment_impossible: {
    from: { booking: ['pending'], payment: ['pending', 'failed'] },
    to: cancel('payment_failed'),
  },
  customer_cancelled: { from: { booking: OPEN }, to: cancel('customer') },
  // The customer cancels a booking whose hold had lapsed: its late payment may no longer revive it.
  lapsed_hold_withdrawn: {
    from: { booking: ['cancelled'], cancellation: ['hold_lapsed'] },
    to: { cancellation: 'customer' },
  },
  admin_confirmed: { from: { booking: ['pending'] }, to: { booking: 'confirmed' } },
  admin_cancelled: { from: { booking: OPEN }, to: cancel('admin') },
  admin_completed: {
    from: { booking: ['active'] },
    to: { booking: 'completed', deposit: CLOSE_DEPOSIT },
  },
  handed_over: {
    from: { booking: ['confirmed'], deposit: ['held'] },
    to: { booking: 'active' },
  },
  // The deposit is settled by its own events (captured, released) once the damage is decided.
  returned: {
    from: { booking: ['active'] },
    to: { booking: 'completed', deposit: { scheduled: 'not_held' } },
  },
  fully_refunded: {
    from: { booking: ['confirmed', 'active', 'completed', 'cancelled'], payment: ['succeeded'] },
    to: { payment: REFUNDED },
  },
  deposit_held: {
    from: { booking: ['confirmed', 'active'], deposit: ['scheduled', 'held'] },
    to: { deposit: { scheduled: 'held' } },
  },
  deposit_hold_failed: {
    from: { booking: ['confirmed', 'active'], deposit: ['scheduled'] },
    to: { deposit: { scheduled: 'failed' } },
  },
  deposit_captured: {
    from: { booking: ['active', 'completed'], deposit: ['held'] },
    to: { deposit: { held: 'captured' } },
  },
  deposit_released: {
    from: { booking: ['pending', 'confirmed', 'active', 'completed', 'cancelled'] },
    to: { deposit: { held: 'released' } },
  },
};

const allows = <T>(list: readonly T[] | undefined, value: T) => !list || list.includes(value);

/** The state after `event`, or null when the event may not happen in `state`. */
export function nextBookingState(state: BookingState, event: BookingEvent): BookingState | null {
  const { from, to } = BOOKING_EVENT_RULES[event];
  if (
    !from.booking.includes(state.booking) ||
    !allows(from.payment, state.payment) ||
    !allows(from.deposit, state.deposit) ||
    !allows(from.cancellation, state.cancellation)
  ) {
    return null;
  }
  return {
    booking: to.booking ?? state.booking,
    payment: to.payment?.[state.payment] ?? state.payment,
    deposit: to.deposit?.[state.deposit] ?? state.deposit,
    cancellation: to.cancellation !== undefined ? to.cancellation : state.cancellation,
  };
}

/** The event an administrator's choice in the status selector stands for. */
export const ADMIN_STATUS_EVENTS: Partial<Record<BookingStatus, BookingEvent>> = {
  confirmed: 'admin_confirmed',
  cancelled: 'admin_cancelled',
  completed: 'admin_completed',
};
