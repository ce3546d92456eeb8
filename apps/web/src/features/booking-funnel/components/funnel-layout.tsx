import type { ReactNode } from 'react';
import { BookingProgress } from '../../../components/booking-progress';

/** The frame of a funnel step: progress bar, title, the step's content and its summary aside. */
export function FunnelLayout({
  step,
  eyebrow,
  title,
  intro,
  aside,
  actions,
  children,
}: {
  step: 2 | 3;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  aside: ReactNode;
  /** Back and Continue: under the step on large screens, after the summary on phones. */
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-paper">
      <div className="container-page py-8 md:py-12">
        <div className="mx-auto max-w-2xl">
          <BookingProgress current={step} />
        </div>
        <header className="mt-10 max-w-3xl">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-3 font-display text-4xl leading-tight text-ink md:text-5xl">{title}</h1>
          <div className="mt-3 text-base leading-relaxed text-graphite">{intro}</div>
        </header>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-12">
          <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">{children}</div>
          <aside className="min-w-0 lg:sticky lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            {aside}
          </aside>
          <div className="flex min-w-0 flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between lg:col-start-1 lg:row-start-2 lg:self-start">
            {actions}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Shown while the vehicle loads (and, as on the vehicle page, if it cannot be loaded). */
export function FunnelSkeleton({ step }: { step: 2 | 3 }) {
  return (
    <div className="bg-paper">
      <div className="container-page py-8 md:py-12" aria-busy="true" aria-label="Chargement…">
        <div className="mx-auto max-w-2xl">
          <BookingProgress current={step} />
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[1.5fr_1fr]" aria-hidden="true">
          <div className="space-y-4">
            <div className="h-12 w-2/3 animate-pulse rounded-xl bg-mist/70" />
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="h-28 animate-pulse rounded-2xl bg-mist/50" />
            ))}
          </div>
          <div className="h-96 animate-pulse rounded-3xl bg-mist/50" />
        </div>
      </div>
    </div>
  );
}
