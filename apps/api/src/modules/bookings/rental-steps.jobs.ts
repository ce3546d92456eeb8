import type { FastifyInstance } from 'fastify';
import { STEP_TITLES } from '@vroum/core/rental-steps';
import { notifyCustomer } from '../notifications/notify-customer';
import { findBookingsStartingWithin, flagBookingSteps } from './bookings.repository';
import type { BookingForSteps } from './booking-access';
import { rentalStepsOf, type RentalStepsDeps } from './rental-steps.service';

const deps = (app: FastifyInstance): RentalStepsDeps => ({
  db: app.db,
  identity: app.identity,
  signature: app.signature,
  storage: app.storage,
  site: app.config.site,
  secret: app.config.auth.secret,
  log: app.log,
});

/**
 * Reminds the customer 72 h and 24 h before delivery while a step is missing (once each), and
 * flags to the operations team a booking whose steps are not both done 24 h before delivery.
 */
export async function remindMissingSteps(app: FastifyInstance): Promise<number> {
  let reminded = 0;
  for (const hours of [72, 24] as const) {
    for (const booking of await findBookingsStartingWithin(app.db, hours)) {
      const forSteps: BookingForSteps = {
        ...booking,
        bookingStatus: 'confirmed',
        driver: booking.driver,
      };
      const steps = await rentalStepsOf(deps(app), forSteps);
      if (steps.ready) continue;
      const missing = [
        steps.identity.state !== 'done' && STEP_TITLES.identity.toLowerCase(),
        steps.contract.state !== 'done' && STEP_TITLES.contract.toLowerCase(),
      ].filter(Boolean);
      await notifyCustomer(app.db, app.config.site, {
        userId: booking.userId,
        email: booking.customerEmail,
        dedupeKey: `steps-reminder-${hours}:${booking.id}`,
        title: `Livraison dans moins de ${hours} h : il reste une étape`,
        message: `Avant la livraison de votre réservation ${booking.reference}, il reste : ${missing.join(' et ')}.`,
        link: `/reservation/${booking.id}`,
        linkLabel: 'Terminer les étapes',
      });
      if (hours === 24) await flagBookingSteps(app.db, booking.id);
      reminded++;
    }
  }
  return reminded;
}
