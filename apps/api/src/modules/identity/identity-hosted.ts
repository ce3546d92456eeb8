import type { IdentityStart } from '@vroum/core/rental-steps';
import type { z } from 'zod';
import { conflict } from '../../lib/app-error';
import type { HostedIdentity, IdentitySession } from '../../providers/identity/identity-provider';
import type { VerifiedWebhookEvent } from '../../providers/webhook-event';
import { setAccountStatus } from '../profile/profile.service';
import {
  cancelOpenChecks,
  findCheckByProviderRef,
  findLatestCheck,
  insertCheck,
  recordOutcome,
  setProviderRef,
} from './identity.repository';
import {
  identityStepOf,
  notifyIdentityOutcome,
  type BookingForIdentity,
  type IdentityDeps,
} from './identity.service';

const hosted = (deps: IdentityDeps): HostedIdentity => {
  if (deps.identity.kind !== 'hosted') {
    throw conflict('La vérification se fait sur notre site.', 'staff_review_identity');
  }
  return deps.identity;
};

/**
 * Opens a session at the identity provider for the customer and returns its hosted page, where
 * they capture their document and a live selfie; they come back to the booking's page.
 */
export async function startHostedIdentity(
  deps: IdentityDeps,
  userId: string,
  booking: BookingForIdentity,
  returnUrl: string,
): Promise<z.infer<typeof IdentityStart>> {
  const provider = hosted(deps);
  const latest = await findLatestCheck(deps.db, userId);
  if (identityStepOf(latest, booking, provider.name).state === 'done') return { redirectUrl: null };
  const checkId = await deps.db.transaction(async (tx) => {
    await cancelOpenChecks(tx, userId);
    return insertCheck(tx, {
      userId,
      bookingId: booking.id,
      provider: provider.name,
      status: 'requires_input',
    });
  });
  const session = await provider.createSession({
    checkId,
    userId,
    bookingId: booking.id,
    returnUrl,
  });
  await setProviderRef(deps.db, checkId, session.id);
  return { redirectUrl: session.url };
}

const normalise = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * What the provider read must match the driver given at checkout (name and date of birth);
 * otherwise the team decides, the provider's "verified" alone is not enough.
 */
function mismatchOf(
  session: IdentitySession,
  driver: Record<string, string> | null,
): string | null {
  const read = session.verified;
  if (!read || !driver) return 'Informations du conducteur indisponibles.';
  if (normalise(read.lastName) !== normalise(driver.lastName)) {
    return 'Le nom lu sur la pièce diffère de celui du conducteur.';
  }
  if (normalise(read.firstName) !== normalise(driver.firstName)) {
    return 'Le prénom lu sur la pièce diffère de celui du conducteur.';
  }
  if (read.dateOfBirth && read.dateOfBirth !== driver.dateOfBirth) {
    return 'La date de naissance lue sur la pièce diffère de celle du conducteur.';
  }
  return null;
}

/**
 * A provider's event about a session, from the webhook inbox (which runs it until it succeeds):
 * only the session's id is trusted. The session re-read from the provider decides the check's
 * state; a check already decided is left alone, so running twice changes nothing.
 */
export async function handleIdentityEvent(
  deps: IdentityDeps,
  event: VerifiedWebhookEvent,
  driverOf: (bookingId: string) => Promise<Record<string, string> | null>,
): Promise<'ignored' | 'handled'> {
  const provider = hosted(deps);
  if (!event.objectId) return 'ignored';
  const check = await findCheckByProviderRef(deps.db, provider.name, event.objectId);
  if (!check || check.status === 'verified' || check.status === 'rejected') return 'ignored';
  const session = await provider.retrieveSession(event.objectId);
  if (
    session.status === 'processing' ||
    (session.status === 'requires_input' && !session.lastError)
  ) {
    return 'ignored';
  }
  if (session.status === 'canceled') {
    await recordOutcome(deps.db, check.id, { status: 'canceled' });
    return 'handled';
  }
  if (session.status === 'requires_input') {
    const reason = `Vérification non aboutie : ${session.lastError?.reason ?? 'document non reconnu'}`;
    await deps.db.transaction(async (tx) => {
      await recordOutcome(tx, check.id, {
        status: 'rejected',
        rejectionCode: session.lastError?.code ?? null,
        rejectionReason: reason,
      });
      await setAccountStatus(tx, check.user_id, 'rejected', reason);
    });
    await notifyIdentityOutcome(deps, check, reason);
    return 'handled';
  }
  const mismatch = mismatchOf(session, check.booking_id ? await driverOf(check.booking_id) : null);
  await deps.db.transaction(async (tx) => {
    await recordOutcome(tx, check.id, {
      status: mismatch ? 'processing' : 'verified',
      rejectionReason: mismatch,
      verifiedOutputs: session.verified,
    });
    if (!mismatch) await setAccountStatus(tx, check.user_id, 'validated', null);
  });
  if (!mismatch) await notifyIdentityOutcome(deps, check, null);
  return 'handled';
}
