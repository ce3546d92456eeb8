import { startAppServer, E2E_PORT, type AppServer } from '../support/app-server';
import { expect, test } from '../support/test';
import { expectToast } from '../support/toast';

/**
 * A newcomer's demo: the build started with no public address, opened at 127.0.0.1 rather than
 * the localhost the server announces. Its forms must work there too.
 */
const PORT = E2E_PORT + 5;
let server: AppServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A server of its own, started beside the suite's: slow to start on a loaded machine.
  test.setTimeout(200_000);
  server = await startAppServer(PORT, { PUBLIC_URL: '' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('without a public address, a form posted from http://127.0.0.1 is answered, not refused @any-width', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${PORT}/gerer-reservation`);
  const form = page.getByRole('form', { name: 'Rechercher une réservation' });
  await form.getByLabel('Numéro de réservation').fill('0123abcd');
  await form.getByLabel('Adresse e-mail').fill('personne@example.fr');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expectToast(
    page,
    'Réservation introuvable',
    'Aucune réservation ne correspond à ce numéro.',
  );
  await expect(page.getByText('origine non autorisée')).toHaveCount(0);
});
