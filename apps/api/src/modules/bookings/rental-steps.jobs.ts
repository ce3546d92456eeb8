import { STEP_TITLES } from '@vroum/core/rental-step-labels';
import { notifyCustomer } from '../notifications/notify-customer';
import { findBookingsStartingWithin, flagBookingSteps } from './bookings.repository';
import type { BookingForSteps } from './booking-access.repository';
import { rentalStepsOf, type RentalStepsDeps } from './rental-steps.service';

/**
 * Reminds the customer 72 h and 24 h before delivery while a step is missing (once each), and
 * flags to the operations team a booking whose steps are not both done 24 h before delivery.
 */
export async function remindMissingSteps(deps: RentalStepsDeps): Promise<number> {
  let reminded = 0;
  for (const hours of [72, 24] as const) {
    for (const booking of await findBookingsStartingWithin(deps.db, hours)) {
      const forSteps: BookingForSteps = {
        ...booking,
        bookingStatus: 'confirmed',
        driver: booking.driver,
      };
      const steps = await rentalStepsOf(deps, forSteps);
      if (steps.ready) continue;
      const missing = [
        steps.identity.state !== 'done' && STEP_TITLES.identity.toLowerCase(),
        steps.contract.state !== 'done' && STEP_TITLES.contract.toLowerCase(),
      ].filter(Boolean);
      await notifyCustomer(deps.db, deps.site, {
        userId: booking.userId,
        email: booking.customerEmail,
        dedupeKey: `steps-reminder-${hours}:${booking.id}`,
        title: `Livraison dans moins de ${hours} h : il reste une étape`,
        message: `Avant la livraison de votre réservation ${booking.reference}, il reste : ${missing.join(' et ')}.`,
        link: `/reservation/${booking.id}`,
        linkLabel: 'Terminer les étapes',
      });
      if (hours === 24) await flagBookingSteps(deps.db, booking.id);
      reminded++;
    }
  }
  return reminded;
}
