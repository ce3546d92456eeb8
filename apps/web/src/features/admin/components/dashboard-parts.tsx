import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { KEEP_CLEAR } from '../../../components/chat/keep-clear';
import { Link } from '../../../lib/navigation';

const CONSOLE_DAMAGES = '/admin?tab=reservations&vue=dommages';

/** Where each kind of item opens in the console. */
export const CONSOLE_LINKS = {
  planning: '/admin?tab=reservations&vue=planning',
  invoices: '/admin?tab=reservations',
  identities: '/admin?tab=utilisateurs&dialogue=identites',
  damages: CONSOLE_DAMAGES,
  damage: (reference: string) => `${CONSOLE_DAMAGES}#dommages-${reference}`,
  dispute: (reference: string) => `${CONSOLE_DAMAGES}#contestation-${reference}`,
  booking: (reference: string) => `/admin?tab=reservations&q=${reference}`,
} as const;

/** A part of the dashboard: a heading, what it covers, and a link to the console's view. */
export function Panel({
  title,
  period,
  link,
  children,
  className,
}: {
  title: string;
  period?: string;
  link?: { to: string; label: string };
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={clsx('rounded-3xl bg-paper p-5 shadow-sm ring-1 ring-mist md:p-8', className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id={titleId} className="font-display text-2xl text-ink md:text-3xl">
          {title}
          {period && <span className="block font-sans text-sm text-stone">{period}</span>}
        </h2>
        {link && <MoreLink to={link.to}>{link.label}</MoreLink>}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-gold-deep underline underline-offset-4 hover:text-ink"
    >
      {children}
      <ChevronRight className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

/** One figure: its label above, the value large (the assistant's button keeps off it), a detail below. */
export function Figure({
  label,
  value,
  detail,
  tone = 'plain',
}: {
  label: string;
  value: string;
  detail?: string;
  tone?: 'plain' | 'alert';
}) {
  return (
    <div className="min-w-0 rounded-2xl bg-ivory p-3 sm:p-4">
      <dt className="text-xs font-semibold tracking-wide text-stone uppercase">{label}</dt>
      <dd
        {...KEEP_CLEAR}
        className={clsx(
          'mt-1 font-display text-xl tabular-nums sm:text-2xl md:text-3xl',
          tone === 'alert' ? 'text-danger' : 'text-ink',
        )}
      >
        {value}
      </dd>
      {detail && <dd className="mt-1 text-xs text-stone">{detail}</dd>}
    </div>
  );
}
