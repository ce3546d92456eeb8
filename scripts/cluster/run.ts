// npm run cluster: two API instances from the build behind nginx, on PostgreSQL and Redis (see
// docs/operations.md). Builds first when the build is missing; Ctrl-C stops everything.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/processes';
import { clusterOptionsFromEnv, startCluster } from './cluster';

if (!existsSync(join(ROOT, 'apps/api/dist/server.js'))) {
  console.log('==> Building the site');
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}
const options = clusterOptionsFromEnv();
const cluster = await startCluster(options);
console.log(
  [
    '',
    `  Load balancer (nginx): ${cluster.url}`,
    ...cluster.instances.map((instance) => `  ${instance.name}: ${instance.url}`),
    `  Database: ${options.databaseUrl} · rate limits: ${options.redisUrl}`,
    '  Demo administrator: admin@vroum-prestige.fr · Demo-Vroum-2026 (unless ADMIN_PASSWORD is set)',
    '  Ctrl-C stops the cluster.',
    '',
  ].join('\n'),
);
await new Promise<void>((done) => process.once('SIGINT', done));
