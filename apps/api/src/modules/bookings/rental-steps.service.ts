import type { RentalSteps } from '@vroum/core/rental-steps';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../admin/audit';
import { contractStepForBooking, type ContractsDeps } from '../contracts/contracts.service';
import { identityStepForBooking, type IdentityDeps } from '../identity/identity.service';
import { notifyCustomer } from '../notifications/notify-customer';
import type { BookingForSteps } from './booking-access';
import { markBookingActive } from './bookings.repository';

export type RentalStepsDeps = IdentityDeps & ContractsDeps;

/** The booking's two after-payment steps and whether the car may be handed over. */
export async function rentalStepsOf(
  deps: RentalStepsDeps,
  booking: BookingForSteps,
): Promise<RentalSteps> {
  const identity = await identityStepForBooking(deps, booking);
  const contract = await contractStepForBooking(deps, booking.id);
  return {
    bookingId: booking.id,
    identity,
    contract,
    ready: identity.state === 'done' && contract.state === 'done',
  };
}

/**
 * The handover gate: the car leaves (the booking becomes 'En cours') only once the driver's
 * identity is validated for this car and the current version of the contract is signed.
 */
export async function startRental(
  deps: RentalStepsDeps,
  actorUserId: string,
  booking: BookingForSteps,
): Promise<void> {
  if (booking.bookingStatus !== 'confirmed') {
    throw new AppError(
      'invalid_transition',
      'Seule une réservation confirmée peut être remise au client.',
      409,
    );
  }
  const steps = await rentalStepsOf(deps, booking);
  const missing = [
    steps.identity.state !== 'done' && 'la vérification d’identité n’est pas validée',
    steps.contract.state !== 'done' && 'le contrat en vigueur n’est pas signé',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new AppError(
      'handover_blocked',
      `Remise du véhicule impossible : ${missing.join(' et ')}.`,
      409,
    );
  }
  await deps.db.transaction(async (tx) => {
    if (!(await markBookingActive(tx, booking.id))) {
      throw new AppError('invalid_transition', 'La réservation a changé entre-temps.', 409);
    }
    await writeAudit(tx, {
      actorUserId,
      action: 'booking.handover',
      entity: 'booking',
      entityId: booking.id,
      before: { bookingStatus: 'confirmed' },
      after: { bookingStatus: 'active' },
    });
  });
  await notifyCustomer(deps.db, deps.site, {
    userId: booking.userId,
    email: booking.customerEmail,
    dedupeKey: `booking-active:${booking.id}`,
    title: `Location ${booking.reference} en cours`,
    message: 'Le véhicule vous a été remis. Bonne route !',
    link: `/reservation/${booking.id}`,
    linkLabel: 'Voir ma réservation',
  });
}
