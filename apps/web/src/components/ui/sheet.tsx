import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

/**
 * A panel that slides in from the side, built on the native <dialog> element: modal, focus kept
 * inside, Escape closes it, the page behind is inert. Closing by the backdrop is supported too.
 */
export function Sheet({
  open,
  onClose,
  title,
  closeLabel,
  side = 'right',
  className = '',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  side?: 'left' | 'right';
  className?: string;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);

  return (
    // A click on the backdrop lands on the <dialog> itself; Escape is handled natively.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`fixed inset-y-0 m-0 h-dvh max-h-none w-[min(24rem,90vw)] max-w-none p-0 shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-sm ${
        side === 'right' ? 'right-0 left-auto' : 'left-0'
      } ${className}`}
    >
      <div className="flex h-full flex-col gap-6 overflow-y-auto px-6 py-5">
        <div className="flex items-center justify-between">
          <h2 className="font-display text-2xl">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:text-gold"
            aria-label={closeLabel}
          >
            <X className="h-6 w-6" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
