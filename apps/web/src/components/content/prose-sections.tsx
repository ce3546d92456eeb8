import type { ContentSection } from '@vroum/core/content-section';
import { SectionBody } from './section-body';

/** A long legal or informational text: a table of contents, then the titled sections. */
export function ProseSections({
  sections,
  tocLabel,
  idPrefix,
}: {
  sections: ContentSection[];
  tocLabel: string;
  /** Prefix of the section anchors, so they never collide with the footer's (#caution…). */
  idPrefix: string;
}) {
  return (
    <div className="grid gap-12 lg:grid-cols-[16rem_1fr]">
      <nav aria-label={tocLabel} className="lg:sticky lg:top-28 lg:self-start">
        <p className="eyebrow mb-3">{tocLabel}</p>
        <ol className="space-y-1.5 border-l border-mist text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${idPrefix}${section.id}`}
                className="-ml-px block border-l border-transparent py-0.5 pl-4 text-stone hover:border-gold hover:text-ink"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-w-3xl space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={`${idPrefix}${section.id}`}
            aria-labelledby={`${idPrefix}${section.id}-heading`}
          >
            <h2
              id={`${idPrefix}${section.id}-heading`}
              className="mb-4 font-display text-3xl text-ink"
            >
              <span className="mr-3 text-gold-deep">{String(index + 1).padStart(2, '0')}</span>
              {section.title}
            </h2>
            <SectionBody
              section={section}
              className="space-y-3 leading-relaxed text-graphite"
              listClassName="list-disc space-y-1.5 pl-5 marker:text-gold-deep"
            />
          </section>
        ))}
      </div>
    </div>
  );
}
