import { expect, type Locator, type Page } from './test';

/**
 * Opens the assistant from its round button; returns its panel (a sheet on a phone). The button
 * responds once the app has taken the page over (a page reached by a link may not be yet).
 */
export async function openChat(page: Page): Promise<Locator> {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByRole('button', { name: /Discuter avec Vroum/ }).click();
  const panel = page.getByRole('dialog', { name: 'Vroum' });
  await expect(panel).toBeVisible();
  return panel;
}

export async function sendToAssistant(page: Page, text: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Vroum' });
  await panel.getByPlaceholder('Votre message...').fill(text);
  await panel.getByRole('button', { name: 'Envoyer' }).click();
}

/** The assistant's messages in the conversation, as a screen reader announces them ('Vroum : …'). */
export const assistantMessages = (panel: Locator): Locator =>
  panel
    .getByRole('log', { name: 'Conversation' })
    .locator('p')
    .filter({ hasText: /^Vroum\s: / });

/** Asks a question and returns the assistant's reply to it, once it is written out. */
export async function askAssistant(page: Page, panel: Locator, question: string) {
  const before = await assistantMessages(panel).count();
  await sendToAssistant(page, question);
  const reply = assistantMessages(panel).nth(before);
  await expect(reply).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Envoyer' })).toBeEnabled({ timeout: 10_000 });
  return reply;
}
