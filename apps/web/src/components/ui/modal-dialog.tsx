import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

/**
 * A centred modal on the native <dialog> (like the Sheet): focus kept inside, Escape
 * closes it, the page behind is inert.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  wide = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Room for side-by-side content (documents under review). */
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      className={`m-auto max-h-[90dvh] ${wide ? 'w-[min(72rem,96vw)]' : 'w-[min(40rem,94vw)]'} overflow-y-auto rounded-3xl bg-paper p-0 shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-sm`}
    >
      {open && (
        <div className="flex flex-col gap-6 px-6 py-5 md:px-8 md:py-7">
          <div className="flex items-center justify-between gap-4">
            <h2 className="font-display text-2xl text-ink">{title}</h2>
            <button
              type="button"
              onClick={onClose}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:text-gold"
              aria-label="Fermer"
            >
              <X className="h-6 w-6" aria-hidden="true" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
