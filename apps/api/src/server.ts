import { buildApp } from './app';
import { loadConfig } from './config';
import { startDatabaseMaintenance } from './db/maintenance';
import type { DemoAccount } from './db/seed';
import { prepareDatabase } from './db/setup';
import { startPeriodicJobs } from './periodic-jobs';
import { createMailWorker } from './modules/mail/mail-worker';
import { withStoredAuthSecret } from './lib/stored-secret';
import { createMailTransport } from './providers/mail/create-mail-transport';

const config = await withStoredAuthSecret(loadConfig());
const { db, migrations, vehiclesInserted, admin, demoTeam, demoSecondFactor } =
  await prepareDatabase(config);
const app = await buildApp({ config, db });
const mailWorker = createMailWorker({
  db,
  transport: createMailTransport(config.mail),
  log: app.log,
});

app.log.info({ database: db.kind, migrations, vehiclesInserted }, 'database ready');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    periodicJobs
      .stop()
      .then(() => maintenance.stop())
      .then(() => mailWorker.stop())
      .then(() => app.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ host: config.host, port: config.port });
await mailWorker.start();
const periodicJobs = startPeriodicJobs(app);
void periodicJobs.run();
const maintenance = startDatabaseMaintenance(db, app.log);
void maintenance.run();
// Load the offline gazetteer now rather than during a customer's first address search.
app.geocoder
  .warmUp?.()
  .catch((error: unknown) => app.log.error({ err: error }, 'geocoder warm-up failed'));

if (config.demoMode) {
  const known = config.admin.password ?? '(défini au premier démarrage)';
  const account = (label: string, demo: DemoAccount, where: string) =>
    `  ${label} : ${demo.email} · mot de passe : ${demo.password ?? known} (${where})`;
  console.log(
    [
      '',
      `  ${config.site.brandName} est prêt : ${config.site.publicUrl}`,
      account('Administrateur de démonstration', admin, 'console : /admin'),
      ...(demoTeam
        ? [
            account('Agent de démonstration', demoTeam.agent, 'missions : /equipe'),
            account('Client de démonstration', demoTeam.customer, 'réservations : /profil'),
          ]
        : []),
      ...(demoSecondFactor
        ? [
            '  Second facteur de l’équipe (administrateur et agent), dans une application d’authentification :',
            `    ${demoSecondFactor.uri}`,
            `    (ou la clé ${demoSecondFactor.secret} saisie à la main)`,
            ...demoSecondFactor.backupCodes.map(
              ({ email, codes }) => `    Codes de secours pour ${email} : ${codes.join(' ')}`,
            ),
          ]
        : []),
      '',
    ].join('\n'),
  );
}
