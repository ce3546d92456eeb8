import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n/messages';
import { site } from '../../lib/site';

/** The support's messaging, in a new tab: its gold icon, then its name. */
export function MessagingLink({
  className,
  iconClassName,
  children = t.nav.messaging,
}: {
  className: string;
  /** The icon's size. */
  iconClassName: string;
  children?: ReactNode;
}) {
  return (
    <a href={site.messagingUrl} target="_blank" rel="noopener noreferrer" className={className}>
      <MessageCircle className={`${iconClassName} text-gold`} aria-hidden="true" />
      {children}
    </a>
  );
}
