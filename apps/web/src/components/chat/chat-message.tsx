import { Link } from '../../lib/navigation';
import { frenchSpacing } from '@vroum/core/french-typography';
import { splitMessage } from './chat-links';

/**
 * An assistant's message with its links: the pages it cites ('[Conditions de location](/conditions)')
 * as links named by their titles, outside addresses opening in a new tab. `onFollow` runs when
 * the visitor follows a link to a page of the site.
 */
export function AssistantText({ text, onFollow }: { text: string; onFollow: () => void }) {
  return splitMessage(text).map((part, index) => {
    // A model writes ordinary spaces: French spacing keeps '?' and '€' on their line.
    if (part.kind === 'text') return frenchSpacing(part.text);
    const className = 'font-medium underline underline-offset-2 hover:text-gold-deep';
    if (part.href.startsWith('/')) {
      return (
        <Link key={index} to={part.href} onClick={onFollow} className={className}>
          {part.label}
        </Link>
      );
    }
    return (
      <a
        key={index}
        href={part.href}
        {...(part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className={className}
      >
        {part.label}
      </a>
    );
  });
}
