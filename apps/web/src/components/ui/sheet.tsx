import type { ReactNode } from 'react';
import { DialogTitleBar, NativeModal } from './native-modal';

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
  return (
    <NativeModal
      open={open}
      onClose={onClose}
      title={title}
      closeOnBackdrop
      className={`fixed inset-y-0 m-0 h-dvh max-h-none w-[min(24rem,90vw)] max-w-none p-0 shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-sm ${
        side === 'right' ? 'right-0 left-auto' : 'left-0'
      } ${className}`}
    >
      <div className="flex h-full flex-col gap-6 overflow-y-auto px-6 py-5">
        <DialogTitleBar
          title={title}
          closeLabel={closeLabel}
          onClose={onClose}
          className={{ bar: 'flex items-center justify-between', title: 'font-display text-2xl' }}
        />
        {children}
      </div>
    </NativeModal>
  );
}
