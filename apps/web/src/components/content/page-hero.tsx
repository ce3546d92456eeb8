import type { ReactNode } from 'react';

/** The dark title band at the top of inner pages. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-ink text-paper">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(200,169,106,0.22),transparent_60%)]"
      />
      <div className="container-page relative py-16 md:py-24">
        <p className="eyebrow !text-gold">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight md:text-6xl">{title}</h1>
        {children && <div className="mt-6 max-w-2xl text-paper/75 md:text-lg">{children}</div>}
      </div>
    </section>
  );
}
