import type { CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';

/**
 * The library's red and green text on its pale backgrounds falls short of a 4.5:1 contrast: the
 * site's own danger and success colours reach it.
 */
const RICH_COLOURS = {
  '--error-text': 'var(--color-danger)',
  '--success-text': 'var(--color-success)',
} as CSSProperties;

/**
 * Toasts open below the sticky header (64 px high, 80 px from 1024 px wide), so the navigation
 * stays usable while one is shown; the library's own phone layout starts under 600 px.
 */
const BELOW_HEADER = { top: 96 };
const BELOW_PHONE_HEADER = { top: 76 };

/** Mounts the toast container once, in its own root, and hands back the toast function. */
export async function mountToaster(): Promise<typeof toast> {
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  createRoot(host).render(
    <Toaster
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_PHONE_HEADER}
      richColors
      closeButton
      style={RICH_COLOURS}
    />,
  );
  // Let the container subscribe before the first toast is emitted.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return toast;
}
