import type { ReactNode, Ref } from 'react';

/**
 * One step of the checkout form. Its heading takes the focus when the step opens, so that
 * keyboard and screen-reader users land on the new content.
 */
export function StepCard({
  id,
  title,
  intro,
  badge,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  badge?: ReactNode;
  /** The heading that takes the focus when the step opens (none while the page loads). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl bg-paper p-5 shadow-xl ring-1 shadow-ink/5 ring-mist sm:p-7 md:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-3xl leading-tight text-ink outline-none"
        >
          {title}
        </h2>
        {badge}
      </div>
      {intro && <div className="mt-2 text-sm leading-relaxed text-graphite">{intro}</div>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Back and Continue under a step: stacked on phones (Continue first), in a row above. */
export function StepActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-mist pt-6 sm:flex-row sm:items-center sm:justify-between">
      {children}
    </div>
  );
}

/** Shown once the booking exists: what was sent with it can no longer change. */
export function LockedNotice() {
  return (
    <p className="mb-6 rounded-2xl bg-ivory px-4 py-3 text-sm text-graphite ring-1 ring-mist">
      Votre réservation est créée et le véhicule vous est réservé&nbsp;: ces informations ne peuvent
      plus être modifiées pendant le paiement.
    </p>
  );
}
