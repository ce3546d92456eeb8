import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';

/** Mounts the toast container once, in its own root, and hands back the toast function. */
export async function mountToaster(): Promise<typeof toast> {
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  createRoot(host).render(<Toaster position="top-center" richColors closeButton />);
  // Let the container subscribe before the first toast is emitted.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return toast;
}
