import { CUSTOMER_ACCOUNT_STATUS_LABELS } from '@vroum/core/account-status';
import type { AccountStatus } from '@vroum/core/profile';
import { BadgeCheck, Clock, FileWarning } from 'lucide-react';

const STYLES: Record<AccountStatus, string> = {
  pending: 'bg-gold-soft text-gold-deep',
  validated: 'bg-success/10 text-success',
  rejected: 'bg-gold-soft text-gold-deep',
};

/** The account's status beside the e-mail on the profile, in the customer's words. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const Icon = status === 'validated' ? BadgeCheck : status === 'rejected' ? FileWarning : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ${STYLES[status]}`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {CUSTOMER_ACCOUNT_STATUS_LABELS[status]}
    </span>
  );
}
