import { useEffect, useRef, useState, type RefObject } from 'react';

/** Below the `sm` breakpoint (640 px) the chat is a full-screen sheet. */
const PHONE = '(max-width: 639px)';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/**
 * Opens the chat's native <dialog>: on a phone as a modal sheet (the page behind is inert and does
 * not scroll, Tab goes round the sheet's own controls), on a wider screen as a panel beside the
 * page. Escape closes it either way; the focus starts in the message field.
 */
export function useChatDialog(onClose: () => void, initialFocus: RefObject<HTMLElement | null>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const sheet = useIsPhone();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    if (sheet) dialog.showModal();
    else dialog.show();
    initialFocus.current?.focus();
    if (!sheet) return () => dialog.close();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      dialog.close();
    };
  }, [sheet, initialFocus]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
      if (event.key === 'Tab' && sheet) keepFocusInside(dialog, event);
    };
    // The browser's own close request (Escape, a phone's back gesture) goes through React state.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
    };
  }, [onClose, sheet]);

  return { dialogRef, sheet };
}

/** Tab from the last control goes back to the first, Shift+Tab from the first to the last. */
function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
