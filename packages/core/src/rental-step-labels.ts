// The rental steps' names and their states' labels: plain values, without the schemas of
// ./rental-steps, so that a page showing them (the checkout's confirmation) builds none.
import type { StepState } from './rental-steps';

/**
 * The two steps between payment and handover: the driver's identity check and the signed
 * rental contract. Both are required before the car leaves (the handover gate).
 */
export const STEP_TITLES = {
  identity: 'Vérification d’identité',
  contract: 'Signature du contrat',
} as const;

/** A step's state, agreeing with its name: « Vérification d’identité », « Identité » are feminine. */
export const STEP_STATE_LABELS: Record<StepState, string> = {
  todo: 'À faire',
  in_review: 'En cours de vérification',
  done: 'Terminée',
  refused: 'Refusée',
};

/** The contract's state after « Contrat », a masculine noun (the team's short views). */
export const CONTRACT_STATE_LABELS: Record<StepState, string> = {
  todo: 'À signer',
  in_review: 'En cours de signature',
  done: 'Signé',
  refused: 'Refusé',
};
