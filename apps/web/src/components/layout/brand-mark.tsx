import { Link } from '../../lib/navigation';
import { site } from '../../lib/site';

/** The wordmark: brand name in the display serif, with the gold monogram. */
export function BrandMark({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const [first, ...rest] = site.brandName.split(' ');
  return (
    <Link
      to="/"
      className="group inline-flex shrink-0 items-center gap-2.5 whitespace-nowrap"
      aria-label={`${site.brandName}, accueil`}
    >
      <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={tone === 'light' ? '#fdfcf9' : '#0c0c0d'} />
        <path d="M16 18h8l8 22 8-22h8L36 48h-8z" fill="#c8a96a" />
      </svg>
      <span
        className={`font-display text-2xl leading-none font-semibold tracking-wide ${
          tone === 'light' ? 'text-paper' : 'text-ink'
        }`}
      >
        {first}
        {rest.length > 0 && <span className="text-gold"> {rest.join(' ')}</span>}
      </span>
    </Link>
  );
}
