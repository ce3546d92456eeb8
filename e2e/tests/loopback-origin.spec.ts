import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/test';
import { expectToast } from '../support/toast';

/**
 * A newcomer's demo: the build started with no public address, opened at 127.0.0.1 rather than
 * the localhost the server announces. Its forms must work there too.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173) + 5;
const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A server of its own, started beside the suite's: a minute at most on a loaded machine.
  test.setTimeout(90_000);
  server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      WEB_DIST_DIR: WEB_DIST,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      PUBLIC_URL: '',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${PORT}/api/v1/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
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
