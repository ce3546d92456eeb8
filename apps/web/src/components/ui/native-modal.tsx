import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The native <dialog> kept in step with React state: shown as a modal while `open` (focus kept
 * inside, the page behind inert, Escape closes it), closed otherwise; named by its title.
 * The ModalDialog and the Sheet are built on it.
 */
export function NativeModal({
  open,
  onClose,
  title,
  closeOnBackdrop = false,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A click on the backdrop closes it too. */
  closeOnBackdrop?: boolean;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // A click on the backdrop lands on the <dialog> itself; Escape is handled natively.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
      className={className}
    >
      {children}
    </dialog>
  );
}

/** A dialog's title, and the button that closes it. */
export function DialogTitleBar({
  title,
  closeLabel,
  onClose,
  className,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  className: { bar: string; title: string };
}) {
  return (
    <div className={className.bar}>
      <h2 className={className.title}>{title}</h2>
      <button
        type="button"
        onClick={onClose}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:text-gold"
        aria-label={closeLabel}
      >
        <X className="h-6 w-6" aria-hidden="true" />
      </button>
    </div>
  );
}
