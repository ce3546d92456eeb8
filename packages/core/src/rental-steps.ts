import { z } from 'zod';

// The steps' names and their states' labels: ./rental-step-labels, without schemas.

/**
 * - `todo`: the customer has something to do;
 * - `in_review`: submitted, the team (or the provider) is checking;
 * - `done`: complete;
 * - `refused`: rejected with a reason; the customer can try again.
 */
export const StepState = z.enum(['todo', 'in_review', 'done', 'refused']);
export type StepState = z.infer<typeof StepState>;

/** What keeps a confirmed booking's car from being handed over (the handover gate's rule). */
export const HandoverBlocker = z.enum(['identity', 'contract', 'deposit']);
export type HandoverBlocker = z.infer<typeof HandoverBlocker>;

/** Each one as the gate's refusal and the agent's mission page word it. */
export const HANDOVER_BLOCKER_LABELS: Record<HandoverBlocker, string> = {
  identity: 'la vérification d’identité n’est pas validée',
  contract: 'le contrat en vigueur n’est pas signé',
  deposit: 'la caution n’est pas retenue sur la carte',
};

/**
 * The handover gate: the car leaves only once the driver's identity is validated for this car,
 * the current version of the contract is signed and the deposit is held on the card.
 */
export function handoverBlockers(state: {
  identity: StepState;
  contract: StepState;
  depositStatus: string | null | undefined;
}): HandoverBlocker[] {
  return [
    ...(state.identity === 'done' ? [] : (['identity'] as const)),
    ...(state.contract === 'done' ? [] : (['contract'] as const)),
    ...(state.depositStatus === 'held' ? [] : (['deposit'] as const)),
  ];
}

/** The four files of the built-in check: the identity document, both sides of the licence, a selfie. */
export const IdentityFile = z.enum(['id_card', 'licence_front', 'licence_back', 'selfie']);
export type IdentityFile = z.infer<typeof IdentityFile>;

export const IDENTITY_FILE_LABELS: Record<IdentityFile, string> = {
  id_card: 'Pièce d’identité',
  licence_front: 'Permis de conduire — recto',
  licence_back: 'Permis de conduire — verso',
  selfie: 'Selfie',
};

export const IdentityStep = z.object({
  state: StepState,
  /** 'builtin': documents and a selfie reviewed by the team; 'stripe': Stripe Identity's page. */
  provider: z.enum(['builtin', 'stripe']),
  /** Why the check was refused, or why the validated driver cannot take this car. */
  reason: z.string().nullable(),
  /** After a refusal, the files the team refused: each must be sent again, new, before a new check. */
  refusedFiles: z.array(IdentityFile),
});
export type IdentityStep = z.infer<typeof IdentityStep>;

export const ContractStep = z.object({
  state: z.enum(['todo', 'done']),
  provider: z.enum(['builtin', 'yousign']),
  version: z.number().int().positive().nullable(),
  signedAt: z.iso.datetime().nullable(),
});
export type ContractStep = z.infer<typeof ContractStep>;

/** The checklist of one booking, for its owner or an administrator. */
export const RentalSteps = z.object({
  bookingId: z.uuid(),
  identity: IdentityStep,
  contract: ContractStep,
  /** Both steps done: the car may be handed over (with a valid deposit hold). */
  ready: z.boolean(),
});
export type RentalSteps = z.infer<typeof RentalSteps>;

/** Reasons an administrator picks when refusing an identity check (plus a free note). */
export const IDENTITY_REJECTION_REASONS = {
  unreadable: 'Document illisible ou incomplet',
  expired: 'Document expiré',
  mismatch: 'Les documents ne correspondent pas aux informations du conducteur',
  selfie_mismatch: 'Le selfie ne correspond pas à la pièce d’identité',
  licence_missing_side: 'Recto ou verso du permis manquant',
  conditions_not_met: 'Conditions de location non remplies (âge ou ancienneté du permis)',
  other: 'Autre motif',
} as const;
export const IdentityRejectionReason = z.enum(
  Object.keys(IDENTITY_REJECTION_REASONS) as [keyof typeof IDENTITY_REJECTION_REASONS],
);
export type IdentityRejectionReason = z.infer<typeof IdentityRejectionReason>;

const LICENCE: IdentityFile[] = ['licence_front', 'licence_back'];
const DOCUMENTS: IdentityFile[] = ['id_card', ...LICENCE];

/**
 * The files a refusal asks to replace, by its reason: the server refuses a new submission that
 * does not replace each of them, and the identity page asks for them. The rental conditions are
 * not met by a new photo of the same documents: nothing to replace, the dates are what changes.
 */
export const IDENTITY_FILES_TO_REPLACE: Record<IdentityRejectionReason, IdentityFile[]> = {
  unreadable: DOCUMENTS,
  expired: ['id_card'],
  mismatch: DOCUMENTS,
  selfie_mismatch: ['selfie'],
  licence_missing_side: LICENCE,
  conditions_not_met: [],
  other: [...DOCUMENTS, 'selfie'],
};

/**
 * The files a refused check asks to replace: those the team ticked, else those its reason names
 * (every file when the reason is not one of ours).
 */
export function identityFilesToReplace(
  rejectionCode: string | null,
  ticked: readonly IdentityFile[] | null = null,
): IdentityFile[] {
  if (ticked) return IdentityFile.options.filter((file) => ticked.includes(file));
  const reason = IdentityRejectionReason.safeParse(rejectionCode);
  return reason.success ? IDENTITY_FILES_TO_REPLACE[reason.data] : [...IdentityFile.options];
}

/** A date the form requires: an empty field says it is required, a malformed one that it is invalid. */
const day = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .pipe(z.iso.date({ error: `${label} est invalide.` }));

/** The customer's latest identity check, when the team refused it: what to send again, and why. */
export const IdentityRefusal = z.object({
  /** The booking the check was sent for: its identity page takes the new documents. */
  bookingId: z.uuid().nullable(),
  reason: z.string().nullable(),
  refusedFiles: z.array(IdentityFile),
});
export type IdentityRefusal = z.infer<typeof IdentityRefusal>;
export const MyIdentity = z.object({ refusal: IdentityRefusal.nullable() });
export type MyIdentity = z.infer<typeof MyIdentity>;

/** What the customer sends with their documents for the built-in check. */
export const IdentitySubmission = z.object({
  bookingId: z.uuid(),
  licenseNumber: z
    .string({ error: 'Le numéro de permis est obligatoire.' })
    .trim()
    .min(1, 'Le numéro de permis est obligatoire.')
    .min(5, 'Le numéro de permis est invalide.')
    .max(30, 'Le numéro de permis est invalide.')
    .regex(/^[A-Za-z0-9 -]+$/, 'Le numéro de permis est invalide.'),
  licenseIssueDate: day('La date d’obtention du permis').refine(
    (value) => Date.parse(value) <= Date.now(),
    'La date d’obtention du permis ne peut pas être dans le futur.',
  ),
  /** The identity document's expiry: a validated identity is reused until then. */
  documentExpiryDate: day('La date d’expiration de la pièce d’identité').refine(
    (value) => Date.parse(value) > Date.now(),
    'La pièce d’identité est expirée.',
  ),
});
export type IdentitySubmission = z.infer<typeof IdentitySubmission>;

/** Where the customer goes next: our own upload page, or the provider's hosted page. */
export const IdentityStart = z.object({ redirectUrl: z.string().nullable() });

export const IdentityDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('validate') }),
  z.object({
    decision: z.literal('reject'),
    reason: IdentityRejectionReason,
    note: z.string().trim().max(500).optional(),
    /** The files the customer must send again; by default, those the reason names. */
    files: z.array(IdentityFile).max(4).optional(),
  }),
]);
export type IdentityDecision = z.infer<typeof IdentityDecision>;

/** One rule of the rental conditions, computed for one booking: shown pass/fail to the team. */
export const ConditionCheck = z.object({
  label: z.string(),
  required: z.string(),
  actual: z.string(),
  pass: z.boolean(),
});
export type ConditionCheck = z.infer<typeof ConditionCheck>;

const ReviewFile = z.object({
  id: z.uuid(),
  label: z.string(),
  contentType: z.string(),
  url: z.string(),
});

/** One customer waiting in the team's review queue. */
export const IdentityReviewItem = z.object({
  checkId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['processing', 'verified', 'rejected', 'requires_input']),
  submittedAt: z.iso.datetime().nullable(),
  customerName: z.string(),
  email: z.string(),
  licenseNumber: z.string().nullable(),
  licenseIssueDate: z.string().nullable(),
  documentExpiryDate: z.string().nullable(),
  /** The driver as given at checkout, for the booking that asked for the check. */
  driver: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    licenseNumber: z.string(),
    licenseIssueDate: z.string(),
  }),
  booking: z.object({
    id: z.uuid(),
    reference: z.string(),
    vehicleName: z.string(),
    category: z.string(),
    pickupDate: z.iso.datetime(),
  }),
  conditions: z.array(ConditionCheck),
  files: z.array(ReviewFile),
  rejectionReason: z.string().nullable(),
});
export type IdentityReviewItem = z.infer<typeof IdentityReviewItem>;

export const IdentityReviewQueue = z.object({
  items: z.array(IdentityReviewItem),
  pendingCount: z.number().int(),
});
export type IdentityReviewQueue = z.infer<typeof IdentityReviewQueue>;

/** The contract of a booking as its owner (or an admin) sees it. */
export const ContractView = z.object({
  version: z.number().int().positive(),
  status: z.enum(['draft', 'sent', 'signed', 'declined', 'cancelled']),
  /** SHA-256 of the contract to read and sign. */
  documentSha256: z.string(),
  signedSha256: z.string().nullable(),
  signedAt: z.iso.datetime().nullable(),
  /** The hosted provider's signing page, when signing happens there. */
  signingUrl: z.string().nullable(),
});
export type ContractView = z.infer<typeof ContractView>;

/** Largest drawn signature accepted: a PNG data URL of a few hundred pixels. */
export const SIGNATURE_PNG_MAX_CHARS = 400_000;

export const ContractSignRequest = z.object({
  version: z.number().int().positive(),
  consent: z.literal(true, {
    error: 'Cochez la case pour accepter le contrat et les conditions générales.',
  }),
  code: z.string().regex(/^\d{6}$/, 'Saisissez le code à 6 chiffres reçu par e-mail.'),
  signature: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('drawn'),
      png: z
        .string()
        .max(SIGNATURE_PNG_MAX_CHARS, 'La signature est trop volumineuse.')
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'La signature est invalide.'),
    }),
    z.object({
      kind: z.literal('typed'),
      text: z
        .string()
        .trim()
        .min(2, 'Saisissez votre nom pour signer.')
        .max(80, 'La signature est trop longue.'),
    }),
  ]),
});
export type ContractSignRequest = z.infer<typeof ContractSignRequest>;
