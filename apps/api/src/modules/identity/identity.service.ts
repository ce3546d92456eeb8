import { bookingReference } from '@vroum/core/booking-status';
import {
  DOCUMENT_SIDE_LABELS,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
} from '@vroum/core/documents';
import { evaluateRentalConditions } from '@vroum/core/rental-conditions';
import {
  IDENTITY_REJECTION_REASONS,
  identityFilesToReplace,
  type IdentityDecision,
  type IdentityReviewItem,
  type IdentityStep,
  type IdentitySubmission,
} from '@vroum/core/rental-steps';
import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import type { IdentityProvider } from '../../providers/identity/identity-provider';
import {
  assertRefusedFilesReplaced,
  refusedFilesOf,
  REQUIRED_IDENTITY_FILES,
} from './identity-refusal';
import { writeAudit } from '../audit/audit.service';
import { findUserEmail } from '../auth/accounts.service';
import { createDocumentUrl } from '../documents/document-links';
import { getDocument } from '../documents/documents.service';
import { notifyCustomer } from '../notifications/notify-customer';
import { setAccountStatus } from '../profile/profile.service';
import {
  cancelOpenChecks,
  countChecksInReview,
  findLatestCheck,
  findLatestIdentityDocuments,
  findReviewRows,
  insertCheck,
  lockCheck,
  markDocumentsVerified,
  recordOutcome,
  type IdentityCheckRow,
  type ReviewRow,
} from './identity.repository';

export interface IdentityDeps {
  db: Database;
  identity: IdentityProvider;
  site: SiteInfo;
  /** Signs the links to the documents (config.auth.secret). */
  secret: string;
  log: FastifyBaseLogger;
}

/** What the identity step needs to know of the booking it is shown for. */
export interface BookingForIdentity {
  id: string;
  userId: string;
  isSupercar: boolean;
  pickupDate: Date;
  returnDate: Date;
  driver: { dateOfBirth: string; licenseIssueDate: string } | null;
}

// One formatter for the process: toLocaleDateString builds one on every call, and the steps of
// every booking read call this (CPU profile of the concurrent-writes bench).
const parisDayFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' });
export const parisDay = (date: Date) => parisDayFormat.format(date);

/**
 * The identity step of one booking. A validated identity carries over to the customer's next
 * bookings until its document expires, but each booking's own rules (age, licence seniority for
 * its category) are computed again: a driver validated for a saloon may not take a Super Car.
 */
export function identityStepOf(
  check: IdentityCheckRow | null,
  booking: BookingForIdentity,
  provider: IdentityProvider['name'],
): IdentityStep {
  const base = { provider, reason: null, refusedFiles: [] };
  if (!check || check.status === 'canceled') return { ...base, state: 'todo' };
  if (check.status === 'requires_input') return { ...base, state: 'todo' };
  if (check.status === 'processing') return { ...base, state: 'in_review' };
  if (check.status === 'rejected') {
    return {
      ...base,
      state: 'refused',
      reason: check.rejection_reason,
      refusedFiles: refusedFilesOf(check),
    };
  }
  if (check.document_expiry_date && check.document_expiry_date < parisDay(booking.returnDate)) {
    return {
      ...base,
      state: 'todo',
      reason: 'Votre pièce d’identité expire avant la fin de la location : envoyez-en une valide.',
    };
  }
  const failing = conditionsFor(check, booking).find((rule) => !rule.pass);
  if (failing) {
    return {
      ...base,
      state: 'refused',
      reason: `Conditions de location non remplies pour ce véhicule : ${failing.label.toLowerCase()} (${failing.actual}, ${failing.required}).`,
    };
  }
  return { ...base, state: 'done' };
}

function conditionsFor(check: IdentityCheckRow, booking: BookingForIdentity) {
  const dateOfBirth = check.verified_outputs?.dateOfBirth ?? booking.driver?.dateOfBirth;
  const licenseIssueDate = check.license_issue_date ?? booking.driver?.licenseIssueDate;
  if (!dateOfBirth || !licenseIssueDate) return [];
  return evaluateRentalConditions({
    isSupercar: booking.isSupercar,
    dateOfBirth,
    licenseIssueDate,
    startDay: parisDay(booking.pickupDate),
  });
}

export async function identityStepForBooking(
  deps: IdentityDeps,
  booking: BookingForIdentity,
): Promise<IdentityStep> {
  return identityStepOf(
    await findLatestCheck(deps.db, booking.userId),
    booking,
    deps.identity.name,
  );
}

/**
 * The customer sends their built-in check: the latest identity document, both sides of the
 * licence and a selfie must be on file. Any earlier open check is superseded, the account goes
 * back to 'En attente de validation' and the team's queue gets it.
 */
export async function submitIdentity(
  deps: IdentityDeps,
  user: { id: string; email: string },
  booking: BookingForIdentity,
  submission: IdentitySubmission,
): Promise<IdentityStep> {
  if (deps.identity.kind !== 'staff_review') {
    throw conflict('La vérification se fait sur la page de notre prestataire.', 'hosted_identity');
  }
  const latest = await findLatestCheck(deps.db, user.id);
  const current = identityStepOf(latest, booking, deps.identity.name);
  if (current.state === 'done') return current;
  const files = await findLatestIdentityDocuments(deps.db, user.id);
  assertRefusedFilesReplaced(current, latest, files);
  const missing = REQUIRED_IDENTITY_FILES.filter((file) => !files.has(file.kind));
  if (missing.length > 0) {
    throw new AppError(
      'documents_missing',
      `Il manque : ${missing.map((file) => file.label.toLowerCase()).join(', ')}.`,
      422,
      'documents',
    );
  }
  await deps.db.transaction(async (tx) => {
    await cancelOpenChecks(tx, user.id);
    await insertCheck(tx, {
      userId: user.id,
      bookingId: booking.id,
      provider: 'builtin',
      status: 'processing',
      licenseNumber: submission.licenseNumber.toUpperCase(),
      licenseIssueDate: submission.licenseIssueDate,
      documentExpiryDate: submission.documentExpiryDate,
      documentIds: REQUIRED_IDENTITY_FILES.map((file) => files.get(file.kind)!.id),
    });
    await setAccountStatus(tx, user.id, 'pending', null);
  });
  return { provider: deps.identity.name, state: 'in_review', reason: null, refusedFiles: [] };
}

/**
 * An administrator validates or rejects a check waiting in the queue. Validation marks the
 * account 'Compte Validé' and its documents verified; a rejection marks it 'Compte Rejeté' with
 * the reason, which the customer sees. Both are audited and notified.
 */
export async function decideIdentity(
  deps: IdentityDeps,
  adminId: string,
  checkId: string,
  decision: IdentityDecision,
): Promise<void> {
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await lockCheck(tx, checkId);
    if (!check) throw notFound('Vérification introuvable.', 'identity_check_not_found');
    if (check.status !== 'processing') {
      throw conflict('Cette vérification a déjà été traitée.', 'identity_already_decided');
    }
    const reason =
      decision.decision === 'reject'
        ? [IDENTITY_REJECTION_REASONS[decision.reason], decision.note].filter(Boolean).join(' : ')
        : null;
    await recordOutcome(tx, checkId, {
      status: decision.decision === 'validate' ? 'verified' : 'rejected',
      reviewerId: adminId,
      rejectionCode: decision.decision === 'reject' ? decision.reason : null,
      rejectionReason: reason,
      refusedFiles:
        decision.decision === 'reject'
          ? identityFilesToReplace(decision.reason, decision.files ?? null)
          : null,
    });
    if (decision.decision === 'validate') await markDocumentsVerified(tx, check.document_ids);
    await setAccountStatus(
      tx,
      check.user_id,
      decision.decision === 'validate' ? 'validated' : 'rejected',
      reason,
    );
    await writeAudit(tx, {
      actorUserId: adminId,
      action: `identity.${decision.decision}`,
      entity: 'identity_check',
      entityId: checkId,
      before: { status: check.status },
      after: { status: decision.decision === 'validate' ? 'verified' : 'rejected', reason },
    });
    return { check, reason };
  });
  await notifyIdentityOutcome(deps, outcome.check, outcome.reason);
}

export async function notifyIdentityOutcome(
  deps: IdentityDeps,
  check: IdentityCheckRow,
  rejection: string | null,
): Promise<void> {
  const email = await findUserEmail(deps.db, check.user_id);
  if (!email) return;
  const link = check.booking_id ? `/reservation/${check.booking_id}` : '/profil';
  await notifyCustomer(deps.db, deps.site, {
    userId: check.user_id,
    email,
    dedupeKey: `identity-${rejection ? 'rejected' : 'validated'}:${check.id}`,
    title: rejection ? 'Vérification d’identité refusée' : 'Identité vérifiée',
    message: rejection
      ? `Motif : ${rejection}. Vous pouvez envoyer de nouveaux documents.`
      : 'Votre identité et votre permis sont vérifiés. Il ne reste qu’à signer votre contrat.',
    link,
    linkLabel: rejection ? 'Envoyer de nouveaux documents' : 'Voir ma réservation',
  });
}

const fileLabel = (type: DocumentType, side: string | null) =>
  type === 'driver_license' && side
    ? `${DOCUMENT_TYPE_LABELS[type]} (${DOCUMENT_SIDE_LABELS[side as 'front' | 'back']})`
    : DOCUMENT_TYPE_LABELS[type];

async function toReviewItem(
  deps: IdentityDeps,
  row: ReviewRow,
  now: number,
): Promise<IdentityReviewItem> {
  const driver = row.driver_info ?? {};
  const files = [];
  for (const id of row.document_ids) {
    const document = await getDocument(deps.db, id);
    if (!document) continue;
    files.push({
      id,
      label: fileLabel(document.documentType, document.side),
      contentType: document.contentType,
      url: createDocumentUrl(deps.secret, id, now),
    });
  }
  const booking = {
    id: row.booking_id ?? row.id,
    userId: row.user_id,
    isSupercar: row.is_supercar ?? false,
    pickupDate: row.pickup_date ?? new Date(now),
    returnDate: row.pickup_date ?? new Date(now),
    driver: driver.dateOfBirth
      ? { dateOfBirth: driver.dateOfBirth, licenseIssueDate: driver.licenseIssueDate ?? '' }
      : null,
  };
  return {
    checkId: row.id,
    userId: row.user_id,
    status: row.status === 'canceled' ? 'requires_input' : row.status,
    submittedAt: row.submitted_at?.toISOString() ?? null,
    customerName: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email,
    email: row.email,
    licenseNumber: row.license_number,
    licenseIssueDate: row.license_issue_date,
    documentExpiryDate: row.document_expiry_date,
    driver: {
      firstName: driver.firstName ?? '',
      lastName: driver.lastName ?? '',
      dateOfBirth: driver.dateOfBirth ?? '',
      licenseNumber: driver.licenseNumber ?? '',
      licenseIssueDate: driver.licenseIssueDate ?? '',
    },
    booking: {
      id: booking.id,
      reference: row.reference ?? bookingReference(booking.id),
      vehicleName: row.vehicle_name ?? '',
      category: row.category ?? '',
      pickupDate: booking.pickupDate.toISOString(),
    },
    conditions: conditionsFor(row, booking),
    files,
    rejectionReason: row.rejection_reason,
  };
}

/** The team's queue: checks waiting for a decision, oldest first (or one customer's history). */
export async function identityReviewQueue(deps: IdentityDeps, userId?: string) {
  const rows = await findReviewRows(
    deps.db,
    userId ? ['processing', 'verified', 'rejected'] : ['processing'],
    userId,
  );
  const now = Date.now();
  const items = [];
  for (const row of rows) items.push(await toReviewItem(deps, row, now));
  return { items, pendingCount: await countChecksInReview(deps.db) };
}
