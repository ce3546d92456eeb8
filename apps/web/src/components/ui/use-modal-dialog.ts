import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with React state: shown as a modal (focus kept inside, the page
 * behind inert, Escape closes it) while `open`, closed otherwise. Returns the ref to attach.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
