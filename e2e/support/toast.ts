import { expect, type Page } from '@playwright/test';

/** Expects a toast with this title and message (every toast of the site has both). */
export async function expectToast(page: Page, title: string, message?: string) {
  let toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  if (message) toast = toast.filter({ hasText: message });
  await expect(toast.first()).toBeVisible();
}
