import type { ReactNode } from 'react';
import { DialogTitleBar, NativeModal } from './native-modal';

/**
 * A centred modal on the native <dialog> (like the Sheet): focus kept inside, Escape
 * closes it, the page behind is inert.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  wide = false,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Room for side-by-side content (documents under review). */
  wide?: boolean;
  /** A width of its own, as a class (the rental calendar's two columns). */
  width?: string;
  children: ReactNode;
}) {
  return (
    <NativeModal
      open={open}
      onClose={onClose}
      title={title}
      className={`m-auto max-h-[90dvh] ${width ?? (wide ? 'w-[min(72rem,96vw)]' : 'w-[min(40rem,94vw)]')} overflow-y-auto rounded-3xl bg-paper p-0 shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-sm`}
    >
      {open && (
        <div className="flex flex-col gap-6 px-6 py-5 md:px-8 md:py-7">
          <DialogTitleBar
            title={title}
            closeLabel="Fermer"
            onClose={onClose}
            className={{
              bar: 'flex items-center justify-between gap-4',
              title: 'font-display text-2xl text-ink',
            }}
          />
          {children}
        </div>
      )}
    </NativeModal>
  );
}
