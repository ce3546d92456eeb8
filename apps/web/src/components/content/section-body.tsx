import type { ContentSection } from '@vroum/core/content-section';

/** The paragraphs, then the bullet list, of one content section. */
export function SectionBody({
  section,
  className,
  listClassName,
}: {
  section: ContentSection;
  className: string;
  listClassName: string;
}) {
  return (
    <div className={className}>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.bullets && (
        <ul className={listClassName}>
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
