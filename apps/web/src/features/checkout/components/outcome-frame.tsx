import { clsx } from 'clsx';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';

const TONES = {
  pending: { icon: LoaderCircle, ring: 'bg-ivory text-gold-deep ring-mist', spin: true },
  success: { icon: CircleCheck, ring: 'bg-ink text-gold ring-gold/40', spin: false },
  failed: { icon: CircleX, ring: 'bg-danger/10 text-danger ring-danger/20', spin: false },
} as const;

/** The confirmation page's frame: the outcome's icon, its title and lead, then what follows. */
export function OutcomeFrame({
  tone,
  eyebrow,
  title,
  lead,
  live = false,
  children,
}: {
  tone: keyof typeof TONES;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** Announce the outcome when it replaces the waiting state. */
  live?: boolean;
  children?: ReactNode;
}) {
  const { icon: Icon, ring, spin } = TONES[tone];
  return (
    <section className="bg-ivory py-12 md:py-20">
      <div className="container-page max-w-3xl">
        <div
          className="text-center"
          role={live ? 'status' : undefined}
          aria-busy={tone === 'pending' || undefined}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ring-8',
              ring,
            )}
          >
            <Icon className={clsx('h-8 w-8', spin && 'animate-spin')} />
          </span>
          {eyebrow && <p className="eyebrow mt-6">{eyebrow}</p>}
          <h1
            className={clsx(
              'font-display text-4xl leading-tight text-ink md:text-5xl',
              eyebrow ? 'mt-2' : 'mt-6',
            )}
          >
            {title}
          </h1>
          {lead && (
            <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-graphite">{lead}</p>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Where the customer goes next: the fleet by default. */
export function OutcomeActions({
  primary = { to: '/flotte', label: 'Retour à la flotte' },
  secondary,
}: {
  primary?: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <ButtonLink to={primary.to} size="lg">
        {primary.label}
      </ButtonLink>
      {secondary && (
        <ButtonLink to={secondary.to} variant="outline" size="lg">
          {secondary.label}
        </ButtonLink>
      )}
    </div>
  );
}
