import { ACCOUNT_STATUS_LABELS } from '@vroum/core/account-status';
import type { AccountStatus } from '@vroum/core/profile';
import { BadgeCheck, Clock, XCircle } from 'lucide-react';

const STYLES: Record<AccountStatus, string> = {
  pending: 'bg-gold-soft text-gold-deep',
  validated: 'bg-success/10 text-success',
  rejected: 'bg-danger/10 text-danger',
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const Icon = status === 'validated' ? BadgeCheck : status === 'rejected' ? XCircle : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ${STYLES[status]}`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {ACCOUNT_STATUS_LABELS[status]}
    </span>
  );
}
