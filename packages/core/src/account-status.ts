import type { AccountStatus } from './profile';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  pending: 'En attente de validation',
  validated: 'Compte Validé',
  rejected: 'Compte Rejeté',
};
