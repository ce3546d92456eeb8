import type { AccountStatus } from './profile';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  pending: 'En attente de validation',
  validated: 'Compte Validé',
  rejected: 'Compte Rejeté',
};

/**
 * The customer's own badge: a refused identity is documents to send again, not an account
 * refused (the team's views keep the status's name).
 */
export const CUSTOMER_ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  ...ACCOUNT_STATUS_LABELS,
  rejected: 'Documents à renvoyer',
};
