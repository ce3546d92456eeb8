import {
  HANDOVER_BLOCKER_LABELS,
  handoverBlockers,
  type RentalSteps,
} from '@vroum/core/rental-steps';
import { AppError } from '../../lib/app-error';
import { contractStepForBooking, type ContractsDeps } from '../contracts/contracts.service';
import { identityStepForBooking, type IdentityDeps } from '../identity/identity.service';
import type { CustomerNotice } from '../notifications/notify-customer';
import { applyBookingEvent } from './booking-events.service';
import type { BookingForSteps } from './booking-access.repository';
import { findBookingState } from './booking-lifecycle.repository';
import type { Queryable } from '../../db/client';

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
 * identity is validated for this car, the current version of the contract is signed and the
 * deposit is held on the card (core's `handoverBlockers`, which the agent's mission page shows
 * too). Throws with what is missing.
 */
export async function assertHandoverAllowed(
  deps: RentalStepsDeps,
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
  const state = await findBookingState(deps.db, booking.id);
  const missing = handoverBlockers({
    identity: steps.identity.state,
    contract: steps.contract.state,
    depositStatus: state?.deposit_status,
  }).map((blocker) => HANDOVER_BLOCKER_LABELS[blocker]);
  if (missing.length > 0) {
    const list =
      missing.length > 1 ? `${missing.slice(0, -1).join(', ')} et ${missing.at(-1)}` : missing[0];
    throw new AppError('handover_blocked', `Remise du véhicule impossible : ${list}.`, 409);
  }
}

/**
 * The handover itself, once the gate is passed: confirmed → active in one transaction with what
 * the caller records of it (the inspection), the audit entry and the customer's notice.
 */
export async function startRental(
  deps: RentalStepsDeps,
  actorUserId: string,
  booking: BookingForSteps,
  recordWithin: (tx: Queryable) => Promise<void> = async () => {},
  notice: Partial<Pick<CustomerNotice, 'paragraphs' | 'link' | 'linkLabel'>> = {},
): Promise<void> {
  await assertHandoverAllowed(deps, booking);
  await deps.db.transaction(async (tx) => {
    const outcome = await applyBookingEvent(tx, deps.site, {
      bookingId: booking.id,
      event: 'handed_over',
      actorUserId,
      notice: { ...notice },
    });
    if (!outcome.applied) {
      throw new AppError('invalid_transition', 'La réservation a changé entre-temps.', 409);
    }
    await recordWithin(tx);
  });
}
