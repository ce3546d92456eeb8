// Several API instances from the build behind nginx, on one PostgreSQL server, with the rate
// limits counted in Redis: the production layout on one machine. `npm run cluster` starts it for
// a person; the cluster test suite starts its own on a fresh database.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  assertBuilt,
  freePort,
  snapshotWebDist,
  startBuiltServer,
  temporaryDir,
  type Child,
} from '../lib/processes';
import { startNginx } from './nginx';

export interface ClusterOptions {
  /** postgres:// URL of the database every instance shares (created when missing). */
  databaseUrl: string;
  redisUrl: string;
  /** Where the load balancer listens (127.0.0.1). */
  port: number;
  instances: number;
  /** Shared by the instances: the stored files (local storage stands in for S3 on one machine). */
  dataDir: string;
  /** Keeps this cluster's rate-limit counters apart in Redis. */
  redisKeyPrefix: string;
  /** Added to every instance's environment (e.g. a shorter job interval in tests). */
  env?: NodeJS.ProcessEnv;
}

export interface Instance {
  name: string;
  port: number;
  /** Its own address, bypassing the load balancer. */
  url: string;
  child: Child;
}

export interface Cluster {
  /** The load balancer's address: the site's public address. */
  url: string;
  instances: Instance[];
  /** Kills an instance at once (SIGKILL), as a crashed machine stops. */
  kill(instance: Instance): void;
  /** Starts a killed or stopped instance again on its port. */
  restart(instance: Instance): Promise<Instance>;
  stop(): Promise<void>;
}

/** Creates the database on the server when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^\w+$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  await assertBuilt();
  await ensureDatabase(options.databaseUrl);
  const webDistDir = await snapshotWebDist();
  mkdirSync(options.dataDir, { recursive: true });
  const publicUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: publicUrl,
    // nginx reaches the instances from this machine: only its X-Forwarded-For is believed.
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_STORE: 'redis',
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: options.redisKeyPrefix,
    // Every instance signs and reads the same session cookies and links: AUTH_SECRET when set,
    // else the secret the first instance keeps in the shared DATA_DIR.
    ...(process.env.AUTH_SECRET ? { AUTH_SECRET: process.env.AUTH_SECRET } : {}),
    DATA_DIR: options.dataDir,
    STORAGE_DIR: join(options.dataDir, 'storage'),
    WEB_DIST_DIR: webDistDir,
    ...options.env,
  };
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const start = async (index: number): Promise<Instance> => {
    const port = ports[index]!;
    const name = `api-${index + 1}`;
    const child = await startBuiltServer(name, port, env);
    return { name, port, url: `http://127.0.0.1:${port}`, child };
  };
  const instances: Instance[] = [];
  // One after the other: the first applies the migrations and seeds, the others find them done.
  for (let index = 0; index < options.instances; index += 1) instances.push(await start(index));
  let nginx: ChildProcess | undefined;
  try {
    nginx = await startNginx({
      dir: temporaryDir('vroum-nginx-'),
      port: options.port,
      upstreams: ports,
    });
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.child.stop()));
    throw error;
  }
  return {
    url: publicUrl,
    instances,
    kill(instance) {
      instance.child.process.kill('SIGKILL');
    },
    async restart(instance) {
      const index = instances.indexOf(instance);
      await instance.child.stop();
      const fresh = await start(index);
      instances[index] = fresh;
      return fresh;
    },
    async stop() {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((done) => nginx.once('exit', done));
        nginx.kill('SIGTERM');
        await exited;
      }
      await Promise.all(instances.map((instance) => instance.child.stop()));
    },
  };
}

/** The defaults of `npm run cluster`, each overridable from the environment. */
export function clusterOptionsFromEnv(): ClusterOptions {
  return {
    databaseUrl:
      process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vroum_cluster',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: Number(process.env.CLUSTER_PORT ?? 8080),
    instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
    dataDir: process.env.CLUSTER_DATA_DIR ?? join(process.cwd(), 'data', 'cluster'),
    redisKeyPrefix: 'vroum-cluster:',
  };
}
