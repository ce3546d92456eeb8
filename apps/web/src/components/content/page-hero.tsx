import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * The dark title band at the top of inner pages: eyebrow, title and lead; `compact` for the
 * catalogue's pages, whose content starts sooner, with what follows the lead (the fleet's tabs).
 */
export function PageHero({
  eyebrow,
  title,
  compact = false,
  children,
  after,
}: {
  eyebrow: string;
  title: string;
  compact?: boolean;
  /** The lead, under the title. */
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-ink text-paper">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(200,169,106,0.22),transparent_60%)]"
      />
      <div
        className={clsx(
          'container-page relative',
          compact ? 'pt-12 pb-10 md:pt-16 md:pb-12' : 'py-16 md:py-24',
        )}
      >
        <p className="eyebrow !text-gold">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight md:text-6xl">{title}</h1>
        {children && (
          <div className={clsx('max-w-2xl text-paper/75 md:text-lg', compact ? 'mt-4' : 'mt-6')}>
            {children}
          </div>
        )}
        {after}
      </div>
    </section>
  );
}
