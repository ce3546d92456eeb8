import { askAssistant, assistantMessages, openChat, sendToAssistant } from '../support/chat';
import { expect, test } from '../support/test';

const isPhone = (width: number) => width < 640;

test.describe('the assistant', () => {
  test('cites pages as links named by their titles, and only safe ones', async ({
    page,
    viewport,
  }) => {
    await page.goto('/flotte');
    const panel = await openChat(page);
    const reply = await askAssistant(page, panel, 'Quelle est la caution de la Porsche Panamera ?');
    const link = reply.getByRole('link', { name: 'Porsche Panamera', exact: true });
    await expect(link).toHaveAttribute('href', '/vehicule/porsche-panamera');
    await expect(reply).not.toContainText('/vehicule/porsche-panamera');

    await link.click();
    await expect(page).toHaveURL(/\/vehicule\/porsche-panamera$/);
    await expect(page.getByRole('heading', { level: 1, name: /Porsche Panamera/ })).toBeVisible();
    if (isPhone(viewport!.width)) {
      // The sheet steps aside so the page the link opened shows.
      await expect(panel).toBeHidden();
      await openChat(page);
    }

    // A remote model's links: a page of the site is a link, a script address is only text.
    await page.route('**/api/v1/chat', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body:
          ': ping\n\n' +
          `data: ${JSON.stringify({ choices: [{ delta: { content: 'Lisez [nos conditions](/conditions) ou [ouvrez ceci](javascript:alert(1)).' } }] })}\n\n` +
          'data: [DONE]\n\n',
      }),
    );
    const remote = await askAssistant(page, panel, 'Où sont vos conditions ?');
    await expect(remote.getByRole('link', { name: 'nos conditions' })).toHaveAttribute(
      'href',
      '/conditions',
    );
    await expect(remote).toContainText('ouvrez ceci');
    await expect(remote.getByRole('link', { name: 'ouvrez ceci' })).toHaveCount(0);
  });

  test('is a full-screen sheet on a phone and a panel beside the page on a desktop', async ({
    page,
    viewport,
  }) => {
    await page.goto('/');
    const panel = await openChat(page);
    const box = (await panel.boundingBox())!;
    const scrollY = () => page.evaluate(() => window.scrollY);

    if (!isPhone(viewport!.width)) {
      expect(box.width).toBeLessThanOrEqual(400);
      expect(box.height).toBeLessThanOrEqual(500);
      // The page beside it still scrolls.
      await page.mouse.move(100, 400);
      await page.mouse.wheel(0, 600);
      await expect.poll(scrollY).toBeGreaterThan(0);
      return;
    }

    expect(box).toEqual({ x: 0, y: 0, width: viewport!.width, height: viewport!.height });
    const close = panel.getByRole('button', { name: 'Fermer' });
    await expect(close).toBeVisible();
    await expect(panel.getByPlaceholder('Votre message...')).toBeFocused();

    // Tab goes round the sheet's own controls, never to the page behind.
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((sheet) => sheet.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await panel.evaluate((sheet) => sheet.contains(document.activeElement))).toBe(true);

    // The page behind does not scroll.
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(0);

    await close.click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: /Discuter avec Vroum/ })).toBeFocused();
    await page.mouse.wheel(0, 800);
    await expect.poll(scrollY).toBeGreaterThan(0);
  });

  test('answers plainly worded questions from the real data @any-width', async ({ page }) => {
    await page.goto('/');
    const panel = await openChat(page);

    const days = await askAssistant(page, panel, 'Combien pour la Panamera pendant 3 jours ?');
    await expect(days).toContainText('Devis pour la Porsche Panamera pendant 3 jours');
    await expect(days).toContainText(/Location\s: 747\s€ \(3 × 249\s€\)/);
    await expect(days).toContainText(/Total\s: 747\s€/);

    for (const question of ['si je tombe en panne à 3h du matin ?', 'assistance la nuit']) {
      const night = await askAssistant(page, panel, question);
      await expect(night).toContainText('24h/24 et 7j/7, la nuit');
      await expect(night).toContainText('01 84 60 25 25');
    }

    const tyres = await askAssistant(
      page,
      panel,
      'Combien coûte la protection pneus et vitrages ?',
    );
    await expect(tyres).toContainText(/Protection pneus et vitres\s: 8,99\s€ par jour/);
    await expect(tyres).not.toContainText('Protection Basique');

    const interior = await askAssistant(page, panel, 'protection intérieure');
    await expect(interior).toContainText(/Protection intérieure\s: 4,99\s€ par jour/);
    await expect(interior).not.toContainText('Protection Intermédiaire');
  });

  test('writes its reply before the visitor’s eyes @any-width', async ({ page }) => {
    await page.goto('/comment-ca-marche');
    const panel = await openChat(page);
    const before = await assistantMessages(panel).count();
    await sendToAssistant(page, 'Quelles assurances proposez-vous ?');
    const reply = assistantMessages(panel).nth(before);

    // The reply grows piece by piece until its last line is written.
    const lengths: number[] = [];
    let text = '';
    const deadline = Date.now() + 10_000;
    while (!text.includes('À consulter') && Date.now() < deadline) {
      text = (await reply.count()) > 0 ? ((await reply.textContent()) ?? '') : '';
      if (text) lengths.push(text.length);
      await page.waitForTimeout(40);
    }
    const final = lengths.at(-1)!;
    const growing = new Set(lengths.filter((length) => length < final));
    expect(growing.size).toBeGreaterThanOrEqual(2);
    await expect(reply).toContainText(/Protection Complète\s: 28,87\s€ par jour/);
  });
});
