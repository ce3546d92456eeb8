/** A titled block of French prose, as rendered on the legal and information pages. */
export interface ContentSection {
  /** Anchor id (kebab-case), unique within its page. */
  id: string;
  title: string;
  /** Paragraphs of plain text, rendered in order. */
  paragraphs: string[];
  /** Optional bullet list rendered after the paragraphs. */
  bullets?: string[];
}
