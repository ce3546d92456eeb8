import { openChat, sendToAssistant as send } from '../support/chat';
import { expect, test } from '../support/test';

const THINKING = 'Vroum réfléchit...';

test.describe('support chat', () => {
  test('answers on several pages and keeps the conversation while the visitor moves around', async ({
    page,
    viewport,
  }) => {
    await page.goto('/');
    const panel = await openChat(page);
    await expect(
      panel.getByText("Bonjour ! Comment puis-je vous aider aujourd'hui ?"),
    ).toBeVisible();
    const box = await panel.boundingBox();
    const phone = viewport!.width < 640;
    // A panel beside the page on a desktop, the whole screen on a phone.
    expect(box!.height).toBeLessThanOrEqual(phone ? viewport!.height : 500);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);

    // A blank message is ignored.
    await panel.getByPlaceholder('Votre message...').fill('   ');
    await panel.getByPlaceholder('Votre message...').press('Enter');
    await expect(panel.getByRole('log').locator('p')).toHaveCount(1);

    // The reply is held back a moment so that the waiting state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/chat', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await send(page, 'Quelle est la caution de la Porsche Panamera ?');
    await expect(panel.getByText(THINKING)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    release();
    await expect(
      panel.getByText(/La caution de la Porsche Panamera est de 3\s500\s€/),
    ).toBeVisible();
    await expect(panel.getByText(THINKING)).toBeHidden();
    await page.unroute('**/api/v1/chat');

    // The page the assistant cites is a link; the conversation stays on the next page (a
    // phone's sheet steps aside to show the page, and opens again on it).
    await panel.getByRole('link', { name: 'Porsche Panamera' }).first().click();
    await expect(page).toHaveURL(/\/vehicule\/porsche-panamera$/);
    if (phone) await openChat(page);
    await expect(panel.getByText('Quelle est la caution de la Porsche Panamera ?')).toBeVisible();
    await send(page, 'Et quel âge faut-il avoir ?');
    await expect(panel.getByText(/au moins 25\sans/)).toBeVisible();

    // A full page load keeps it too, open as it was left (session storage).
    await page.goto('/comment-ca-marche');
    const again = page.getByRole('dialog', { name: 'Vroum' });
    await expect(again).toBeVisible();
    await expect(again.getByText('Quelle est la caution de la Porsche Panamera ?')).toBeVisible();
    await send(page, 'Combien coûte la livraison à Lyon ?');
    await expect(again.getByText(/La livraison à Lyon coûte 280\s€/)).toBeVisible();

    // Escape closes the panel and gives the focus back to the button.
    await again.getByPlaceholder('Votre message...').press('Escape');
    await expect(again).toBeHidden();
    await expect(page.getByRole('button', { name: /Discuter avec Vroum/ })).toBeFocused();
  });

  test('shows the SPEC message when the chat service fails @any-width', async ({ page }) => {
    await page.route('**/api/v1/chat', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await page.goto('/flotte');
    const panel = await openChat(page);
    await send(page, 'Bonjour');
    await expect(
      panel.getByText("Désolé, une erreur s'est produite. Veuillez réessayer."),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });
});
