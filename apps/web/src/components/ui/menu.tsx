import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link, type LinkProps } from '../../lib/navigation';

/**
 * A menu button (WAI-ARIA APG "menu button" pattern): the trigger opens a list of menu items
 * reachable with the arrow keys, Home and End; Escape closes it and gives focus back to the
 * trigger; a click outside or Tab closes it. Small enough for the header of every page.
 */
export function Menu({
  trigger,
  triggerClassName,
  triggerLabel,
  align = 'end',
  children,
}: {
  trigger: ReactNode;
  triggerClassName: string;
  /** Accessible name when the visible trigger text is not enough. */
  triggerLabel?: string;
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const items = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };
  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        className={triggerClassName}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={clsx(
            'absolute top-full z-50 mt-2 min-w-56 rounded-xl border border-mist bg-paper p-1.5 text-ink shadow-xl shadow-ink/10',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {children(() => close(false))}
        </div>
      )}
    </div>
  );
}

/** What a menu's trigger shows: an icon, its text and the chevron of a list that opens. */
export function MenuTriggerContent({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      {icon}
      <span>{children}</span>
      <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
    </>
  );
}

const menuItemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-ivory focus:bg-ivory';

/** An entry of a menu that acts: reached with the arrow keys, not with Tab. */
export function MenuItem({
  className,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'tabIndex'>) {
  return (
    <button
      {...props}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={clsx(menuItemClass, className)}
    />
  );
}

/** An entry of a menu that opens a page. */
export function MenuLink(props: Omit<LinkProps, 'role' | 'tabIndex' | 'className'>) {
  return <Link {...props} role="menuitem" tabIndex={-1} className={menuItemClass} />;
}

export function MenuGroupLabel({ children }: { children: ReactNode }) {
  return (
    <p
      role="presentation"
      className="px-3 pt-2 pb-1 text-xs font-semibold tracking-widest text-stone uppercase"
    >
      {children}
    </p>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-mist" />;
}
