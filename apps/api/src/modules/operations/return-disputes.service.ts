import { createHash } from 'node:crypto';
import { formatEuros } from '@vroum/core/money-format';
import { INSPECTION_PHOTO_MAX_BYTES } from '@vroum/core/operations';
import { CONTEST_DAYS } from '@vroum/core/return-charges';
import type { Dispute, DisputeRequest, DisputeState } from '@vroum/core/return-disputes';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { reencodePhoto, type ImageFormat } from '../../lib/image-decoding';
import { writeAudit } from '../audit/audit.service';
import { closeOpenBalanceCardPayment } from '../bookings/balance-card-payment.service';
import { findBookingState, lockBookingState } from '../bookings/booking-reads.service';
import { notifyCustomer } from '../notifications/notify-customer';
import type { ReturnDeps } from './return-completion';
import {
  findBookingDispute,
  findReturnChargesState,
  insertDispute,
  type ReturnDisputeRow,
} from './return-disputes.repository';

export type DisputeDeps = ReturnDeps;

const PHOTO_FORMATS: { type: string; format: ImageFormat }[] = [
  { type: 'image/jpeg', format: 'jpeg' },
  { type: 'image/png', format: 'png' },
  { type: 'image/webp', format: 'webp' },
];
const photoKey = (bookingId: string, photoId: string) => `disputes/${bookingId}/${photoId}.jpg`;
export const disputePhotoUrl = (bookingId: string, photoId: string) =>
  `/api/v1/bookings/${bookingId}/dispute/photos/${photoId}`;

export function toDispute(row: ReturnDisputeRow): Dispute {
  return {
    id: row.id,
    bookingId: row.booking_id,
    status: row.status,
    reason: row.reason,
    photoUrls: row.photo_keys.map((id) => disputePhotoUrl(row.booking_id, id)),
    contestedCents: row.contested_cents,
    createdAt: row.created_at.toISOString(),
    outcome: row.outcome,
    keptCents: row.kept_cents,
    refundCents: row.refund_cents,
    waivedCents: row.waived_cents,
    answer: row.answer,
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/** The return charges of the booking, until when they may be contested, and the case if any. */
export async function disputeState(deps: DisputeDeps, bookingId: string): Promise<DisputeState> {
  const [charges, dispute] = await Promise.all([
    findReturnChargesState(deps.db, bookingId, CONTEST_DAYS),
    findBookingDispute(deps.db, bookingId),
  ]);
  const contestUntil = charges?.contestUntil ?? null;
  return {
    chargedCents: charges?.chargedCents ?? 0,
    contestUntil: contestUntil?.toISOString() ?? null,
    canContest:
      !dispute &&
      (charges?.chargedCents ?? 0) > 0 &&
      contestUntil !== null &&
      contestUntil.getTime() > Date.now(),
    dispute: dispute ? toDispute(dispute) : null,
  };
}

/**
 * A photo sent with the dispute, decoded in full and kept as an upright JPEG without metadata,
 * named by the digest of what was sent: the same photo sent again is the same photo.
 */
export async function storeDisputePhoto(
  deps: DisputeDeps,
  bookingId: string,
  upload: { contentType: string; bytes: Buffer },
): Promise<string> {
  const format = PHOTO_FORMATS.find((entry) => entry.type === upload.contentType)?.format;
  if (!format) {
    throw new AppError('unsupported_photo', 'Photo non reconnue : JPEG, PNG ou WebP.', 415);
  }
  if (upload.bytes.length > INSPECTION_PHOTO_MAX_BYTES) {
    throw new AppError('photo_too_large', 'La photo dépasse 8 Mo.', 413);
  }
  const photoId = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 32);
  const decoded = await reencodePhoto(upload.bytes, [format], { maxSide: 1600, quality: 85 });
  if (!decoded.ok) {
    throw badRequest('Cette photo ne peut pas être lue : envoyez une autre image.', 'photo');
  }
  await deps.storage.put(photoKey(bookingId, photoId), decoded.value.bytes, 'image/jpeg');
  return photoId;
}

export async function readDisputePhoto(
  deps: DisputeDeps,
  bookingId: string,
  photoId: string,
): Promise<{ body: Buffer | NodeJS.ReadableStream; contentType: string }> {
  const stored = await deps.storage.get(photoKey(bookingId, photoId));
  if (!stored) throw notFound('Photo introuvable.');
  return { body: stored.body, contentType: stored.contentType };
}

const tooLate = (until: Date | null) =>
  new AppError(
    'contest_period_over',
    until
      ? `Le délai de contestation de ${CONTEST_DAYS} jours est dépassé depuis le ${until.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })}.`
      : 'Aucuns frais de restitution ne peuvent être contestés sur cette réservation.',
    422,
  );

/**
 * The customer contests the return charges, once, within the days the terms give: the case is
 * recorded with what was charged, its audit entry, and the customer told it is received. From
 * then until the decision nothing more is asked of them for it: a card payment of the balance
 * left open is cancelled first, and no new one starts.
 */
export async function openDispute(
  deps: DisputeDeps,
  userId: string,
  bookingId: string,
  request: DisputeRequest,
): Promise<DisputeState> {
  for (const photoId of request.photoIds) {
    if (!(await deps.storage.get(photoKey(bookingId, photoId)))) {
      throw badRequest('Une photo jointe n’a pas été reçue : envoyez-la de nouveau.', 'photoIds');
    }
  }
  await closeOpenBalanceCardPayment(deps, bookingId);
  const opened = await deps.db.transaction(async (tx) => {
    await lockBookingState(tx, bookingId);
    const existing = await findBookingDispute(tx, bookingId);
    if (existing) {
      if (existing.reason === request.reason) return null;
      throw new AppError(
        'dispute_exists',
        'Vous avez déjà contesté ces frais : notre réponse vous sera adressée.',
        409,
      );
    }
    const charges = await findReturnChargesState(tx, bookingId, CONTEST_DAYS);
    if (!charges || charges.chargedCents === 0) throw tooLate(null);
    if (!charges.contestUntil || charges.contestUntil.getTime() <= Date.now()) {
      throw tooLate(charges.contestUntil);
    }
    const id = await insertDispute(tx, {
      bookingId,
      userId,
      reason: request.reason,
      photoKeys: request.photoIds,
      contestedCents: charges.chargedCents,
    });
    await writeAudit(tx, {
      actorUserId: userId,
      action: 'dispute.open',
      entity: 'booking',
      entityId: bookingId,
      before: null,
      after: {
        disputeId: id,
        contestedCents: charges.chargedCents,
        photos: request.photoIds.length,
      },
    });
    return { id, contestedCents: charges.chargedCents };
  });
  if (opened) {
    const booking = await findBookingState(deps.db, bookingId);
    if (booking?.customer_email) {
      await notifyCustomer(deps.db, deps.site, {
        userId: booking.user_id,
        email: booking.customer_email,
        dedupeKey: `dispute-opened:${opened.id}`,
        title: `Contestation reçue pour la location ${booking.reference}`,
        message: `Nous avons bien reçu votre contestation des frais de restitution (${formatEuros(opened.contestedCents)}). Un responsable compare les deux états des lieux et vous répond par écrit ; d’ici là, rien de plus ne vous est demandé pour ces frais.`,
        link: `/reservation/${bookingId}`,
        linkLabel: 'Suivre ma contestation',
      });
    }
  }
  return disputeState(deps, bookingId);
}
