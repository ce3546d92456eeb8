import { describe, expect, it } from 'vitest';
import type { BookingStatus } from './booking';
import {
  ADMIN_STATUS_EVENTS,
  BOOKING_EVENT_RULES,
  BOOKING_EVENTS,
  nextBookingState,
  type BookingState,
} from './booking-events';
import { canTransition } from './booking-lifecycle';

const state = (over: Partial<BookingState> = {}): BookingState => ({
  booking: 'pending',
  payment: 'pending',
  deposit: 'scheduled',
  cancellation: null,
  ...over,
});

describe('the booking events table', () => {
  it('confirms a pending booking once it is paid, and never a second time', () => {
    const paid = nextBookingState(state(), 'payment_succeeded');
    expect(paid).toEqual(state({ booking: 'confirmed', payment: 'succeeded' }));
    expect(nextBookingState(paid!, 'payment_succeeded')).toBeNull();
  });

  it('revives only a booking cancelled because its hold lapsed', () => {
    const lapsed = nextBookingState(state(), 'hold_lapsed')!;
    expect(lapsed).toEqual(
      state({
        booking: 'cancelled',
        payment: 'failed',
        deposit: 'not_held',
        cancellation: 'hold_lapsed',
      }),
    );
    expect(nextBookingState(lapsed, 'late_payment_accepted')).toEqual(
      state({ booking: 'confirmed', payment: 'succeeded', deposit: 'scheduled' }),
    );
    const byCustomer = nextBookingState(state(), 'customer_cancelled')!;
    expect(nextBookingState(byCustomer, 'late_payment_accepted')).toBeNull();
    expect(nextBookingState(byCustomer, 'payment_succeeded')).toBeNull();
    expect(nextBookingState(byCustomer, 'paid_after_cancellation')).toMatchObject({
      booking: 'cancelled',
      payment: 'refunded',
    });
  });

  it('lets the customer withdraw a lapsed hold, which its late payment can then no longer revive', () => {
    const lapsed = nextBookingState(state(), 'hold_lapsed')!;
    const withdrawn = nextBookingState(lapsed, 'lapsed_hold_withdrawn')!;
    expect(withdrawn).toMatchObject({ booking: 'cancelled', cancellation: 'customer' });
    expect(nextBookingState(withdrawn, 'late_payment_accepted')).toBeNull();
    expect(nextBookingState(withdrawn, 'lapsed_hold_withdrawn')).toBeNull();
  });

  it('hands the car over only with the deposit held on the card', () => {
    const confirmed = state({ booking: 'confirmed', payment: 'succeeded' });
    expect(nextBookingState(confirmed, 'handed_over')).toBeNull();
    expect(nextBookingState({ ...confirmed, deposit: 'held' }, 'handed_over')).toMatchObject({
      booking: 'active',
      deposit: 'held',
    });
  });

  it('lets go of a held deposit when a booking is cancelled, and never places a scheduled one', () => {
    const held = state({ booking: 'confirmed', payment: 'succeeded', deposit: 'held' });
    expect(nextBookingState(held, 'admin_cancelled')?.deposit).toBe('released');
    const scheduled = state({ booking: 'confirmed', payment: 'succeeded' });
    expect(nextBookingState(scheduled, 'customer_cancelled')?.deposit).toBe('not_held');
  });

  it('captures a deposit once, and only one that is held', () => {
    const active = state({ booking: 'active', payment: 'succeeded', deposit: 'held' });
    const captured = nextBookingState(active, 'deposit_captured')!;
    expect(captured.deposit).toBe('captured');
    expect(nextBookingState(captured, 'deposit_captured')).toBeNull();
    expect(nextBookingState(captured, 'deposit_released')).toEqual(captured);
  });

  it('refuses every event on a booking whose state it does not list', () => {
    for (const event of BOOKING_EVENTS) {
      const listed = BOOKING_EVENT_RULES[event].from.booking;
      for (const booking of ['pending', 'confirmed', 'active', 'completed', 'cancelled'] as const) {
        if (listed.includes(booking)) continue;
        expect(nextBookingState(state({ booking }), event), `${event} from ${booking}`).toBeNull();
      }
    }
  });

  it('moves the booking status only along the lifecycle, the late payment being the one move back', () => {
    for (const event of BOOKING_EVENTS) {
      const { from, to } = BOOKING_EVENT_RULES[event];
      if (!to.booking) continue;
      for (const before of from.booking) {
        if (before === to.booking) continue;
        const allowed = canTransition(before, to.booking) || event === 'late_payment_accepted';
        expect(allowed, `${event}: ${before} → ${to.booking}`).toBe(true);
      }
    }
  });

  it('gives each administrator move of the selector its event', () => {
    const targets: BookingStatus[] = ['confirmed', 'cancelled', 'completed'];
    for (const to of targets) {
      const event = ADMIN_STATUS_EVENTS[to]!;
      expect(BOOKING_EVENT_RULES[event].to.booking).toBe(to);
    }
  });
});
