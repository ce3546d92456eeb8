/**
 * Toasts (a title and a message, in French). The toast library is loaded on first use, or when the
 * browser is idle, so it never weighs on the first paint of a page.
 */
import type { toast } from 'sonner';

type Sonner = typeof toast;

let sonner: Promise<Sonner> | undefined;

export function preloadToaster(): Promise<Sonner> {
  sonner ??= import('./toaster-host').then((module) => module.mountToaster());
  return sonner;
}

export const notify = {
  /** A destructive toast: title, then the message. */
  error(title: string, message?: string) {
    void preloadToaster().then((toast) => toast.error(title, { description: message }));
  },
  success(title: string, message?: string) {
    void preloadToaster().then((toast) => toast.success(title, { description: message }));
  },
  /** A neutral toast. */
  info(title: string, message?: string) {
    void preloadToaster().then((toast) => toast(title, { description: message }));
  },
};
