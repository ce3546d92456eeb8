import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A calm, centred message in place of a list: nothing chosen yet, nothing found, a failure. */
export function CatalogueMessage({
  icon: Icon,
  title,
  children,
  actions,
  role,
  headingLevel: Heading = 'h2',
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'alert' | 'status';
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center rounded-2xl border border-dashed border-mist bg-ivory/60 px-6 py-14 text-center md:py-20"
    >
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-ink text-gold">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <Heading className="mt-6 max-w-xl font-display text-3xl text-balance text-ink">
        {title}
      </Heading>
      {children && (
        <div className="mt-3 max-w-md text-sm leading-relaxed text-stone">{children}</div>
      )}
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
