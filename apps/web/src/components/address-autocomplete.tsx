import type { GeocodedAddress } from '@vroum/core/address';
import { ADDRESS_QUERY_MIN_LENGTH } from '@vroum/core/address-rules';
import { MapPin } from 'lucide-react';
import { InputIcon } from './ui/input-icon';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { searchAddresses } from '../lib/addresses';
import { inputClass, labelClass } from './ui/field';

const DEBOUNCE_MS = 500;

/**
 * An address field with suggestions (WAI-ARIA combobox with a list box): suggestions are asked
 * for from 3 characters, 500 ms after the last keystroke, 5 at most. Arrow keys
 * move in the list, Enter picks, Escape closes. A failed look-up is logged and clears the list.
 */
export function AddressAutocomplete({
  id,
  label,
  value,
  onChange,
  onSelect,
  placeholder = 'Adresse, ville ou code postal',
  required = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSelect: (address: GeocodedAddress) => void;
  placeholder?: string;
  required?: boolean;
}) {
  // Named from the field's id, not useId: the server's and the browser's trees differ above this
  // field, and an id the server rendered stays in the page after hydration.
  const listId = `${id}-suggestions`;
  const [suggestions, setSuggestions] = useState<GeocodedAddress[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  // The text a finished look-up found nothing for: the customer is told what to add.
  const [unmatched, setUnmatched] = useState('');
  const hintId = `${listId}-hint`;
  const blurTimer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const text = value.trim();
    if (!typed || text.length < ADDRESS_QUERY_MIN_LENGTH) {
      setSuggestions([]);
      setUnmatched('');
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchAddresses(text, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
          // Answers that come back once the customer has moved on wait for the field's focus:
          // opened now, the list would cover the fields and buttons below it.
          setOpen(found.length > 0 && document.activeElement === input.current);
          setUnmatched(found.length > 0 ? '' : text);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Address lookup failed', error);
          setSuggestions([]);
          setOpen(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, typed]);

  const choose = (address: GeocodedAddress) => {
    setTyped(false);
    setOpen(false);
    setSuggestions([]);
    setUnmatched('');
    onChange(address.label);
    onSelect(address);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const picked = suggestions[active];
      if (picked) choose(picked);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && suggestions.length > 0;
  return (
    <div className="relative">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <InputIcon icon={MapPin} />
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={unmatched ? hintId : undefined}
          autoComplete="off"
          required={required}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            setTyped(true);
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(suggestions.length > 0)}
          onBlur={() => {
            blurTimer.current = window.setTimeout(() => setOpen(false), 150);
          }}
          className={`${inputClass} pl-10`}
        />
      </div>
      <p id={hintId} aria-live="polite" className="text-sm text-graphite empty:hidden">
        {unmatched && <UnmatchedHint text={unmatched} />}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggestions\u00a0: ${label}`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-xl border border-mist bg-paper py-1 shadow-xl shadow-ink/10"
      >
        {suggestions.map((address, index) => (
          // Options are chosen from the keyboard through the combobox input (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={address.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(address)}
            className={`flex cursor-pointer items-start gap-2.5 px-4 py-2.5 text-sm ${
              index === active ? 'bg-ivory' : 'hover:bg-ivory'
            }`}
          >
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-stone" aria-hidden="true" />
            <span>{address.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Said when a look-up finds nothing: the street alone is not enough, the town or postcode is. */
function UnmatchedHint({ text }: { text: string }) {
  return (
    <span className="mt-1.5 block">
      {`Aucune adresse trouvée pour «\u00a0${text}\u00a0». Ajoutez la ville ou le code postal, par exemple «\u00a0${text}, Paris\u00a0».`}
    </span>
  );
}
