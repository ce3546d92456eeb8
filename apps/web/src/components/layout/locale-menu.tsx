import { Check, Globe } from 'lucide-react';
import { t } from '../../lib/i18n/messages';
import { Menu, MenuGroupLabel, MenuItem, MenuSeparator, MenuTriggerContent } from '../ui/menu';

/**
 * 'FR | €': lists the languages and currencies. Only French and the euro are offered for now
 * (no English catalogue is served yet): the other entries are shown but have no effect.
 */
export function LocaleMenu({ tone = 'dark' }: { tone?: 'dark' | 'sheet' }) {
  return (
    <Menu
      triggerLabel={`${t.locale.triggerLabel}\u00a0: ${t.locale.trigger}`}
      triggerClassName={`inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium hover:text-gold ${
        tone === 'sheet' ? 'border border-paper/25 text-paper' : 'text-paper/85'
      }`}
      trigger={
        <MenuTriggerContent icon={<Globe className="h-4 w-4" aria-hidden="true" />}>
          {t.locale.trigger}
        </MenuTriggerContent>
      }
    >
      {(close) => (
        <>
          <MenuGroupLabel>{t.locale.language}</MenuGroupLabel>
          <LocaleItem label={t.locale.french} current onSelect={close} />
          <LocaleItem label={t.locale.english} onSelect={close} />
          <MenuSeparator />
          <MenuGroupLabel>{t.locale.currency}</MenuGroupLabel>
          <LocaleItem label={t.locale.eur} current onSelect={close} />
          <LocaleItem label={t.locale.usd} onSelect={close} />
          <LocaleItem label={t.locale.gbp} onSelect={close} />
        </>
      )}
    </Menu>
  );
}

function LocaleItem({
  label,
  current = false,
  onSelect,
}: {
  label: string;
  current?: boolean;
  onSelect: () => void;
}) {
  return (
    <MenuItem onClick={onSelect}>
      <span className="flex-1">{label}</span>
      {current && (
        <>
          <Check className="h-4 w-4 text-gold-deep" aria-hidden="true" />
          <span className="sr-only">{t.locale.current}</span>
        </>
      )}
    </MenuItem>
  );
}
