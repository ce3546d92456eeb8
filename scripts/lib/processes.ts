// Child processes for the measurement scripts: the built app started as production starts it, and
// helpers to find a free port, wait for readiness and stop what was started.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Child {
  name: string;
  process: ChildProcess;
  url: string;
  /** Last lines the child printed, shown when it fails. */
  output(): string;
  stop(): Promise<void>;
}

const started = new Set<Child>();

/** Stops every child still running (on exit, errors and Ctrl-C). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((child) => child.stop()));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}
const temporaryDirs = new Set<string>();

process.once('exit', () => {
  for (const child of started) child.process.kill('SIGKILL');
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** A new directory under the system's temp folder, removed at exit even when a run fails. */
export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.add(dir);
  return dir;
}

/** Removes a directory made by `temporaryDir` now rather than at exit. */
export function removeTemporaryDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  temporaryDirs.delete(dir);
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function spawnChild(name: string, args: string[], env: NodeJS.ProcessEnv, port: number): Child {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const handle: Child = {
    name,
    process: child,
    url: `http://127.0.0.1:${port}`,
    output: () => tail,
    async stop() {
      started.delete(handle);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  started.add(handle);
  return handle;
}

/**
 * Fails with a readable message when the built app is missing. Waits up to a minute first: another
 * `npm run build` on the machine deletes and rewrites the dist folders for a few seconds.
 */
export async function assertBuilt(): Promise<void> {
  const paths = ['apps/api/dist/server.js', 'apps/web/dist/index.html'];
  for (let attempt = 1; ; attempt++) {
    const missing = paths.filter((path) => !existsSync(join(ROOT, path)));
    if (missing.length === 0) return;
    if (attempt === 30) {
      throw new Error(`Missing ${missing.join(' and ')}: run \`npm run build\` first.`);
    }
    await new Promise((done) => setTimeout(done, 2000));
  }
}

/** Files a built SPA refers to (from index.html and between chunks) that are missing from it. */
function missingAssets(dir: string): string[] {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return ['index.html'];
  const assets = new Set(existsSync(join(dir, 'assets')) ? readdirSync(join(dir, 'assets')) : []);
  const wanted = new Set<string>();
  for (const match of readFileSync(index, 'utf8').matchAll(/\/assets\/([\w.-]+)/g))
    wanted.add(match[1]!);
  for (const file of assets) {
    if (!file.endsWith('.js')) continue;
    const source = readFileSync(join(dir, 'assets', file), 'utf8');
    for (const match of source.matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g))
      wanted.add(match[1]!);
  }
  return [...wanted].filter((file) => !assets.has(file));
}

/**
 * A private copy of apps/web/dist for one run (removed at exit). Other work on the machine may
 * rebuild apps/web/dist at any time (the browser tests run `npm run build`), which empties it for
 * a moment and renames every hashed file: serving and measuring a snapshot keeps a run consistent.
 */
export async function snapshotWebDist(): Promise<string> {
  const source = join(ROOT, 'apps/web/dist');
  const renderer = join(ROOT, 'apps/web/dist-server');
  for (let attempt = 1; ; attempt++) {
    const root = temporaryDir('vroum-web-');
    const dir = join(root, 'dist');
    cpSync(source, dir, { recursive: true });
    // The server's page renderer, where the app looks for it: beside the SPA.
    if (existsSync(renderer)) cpSync(renderer, join(root, 'dist-server'), { recursive: true });
    const missing = missingAssets(dir);
    if (missing.length === 0) return dir;
    removeTemporaryDir(root);
    if (attempt === 10) {
      throw new Error(
        `apps/web/dist is incomplete (${missing.slice(0, 5).join(', ')}): run \`npm run build\`.`,
      );
    }
    await new Promise((done) => setTimeout(done, 3000)); // a build is probably under way
  }
}

export interface BuiltApp extends Child {
  /** The copy of apps/web/dist the app serves. */
  webDistDir: string;
}

/**
 * The built app as `npm start` runs it (NODE_ENV=production, node apps/api/dist/server.js), on a
 * throw-away in-memory database, listening on a free port of 127.0.0.1, serving a snapshot of
 * apps/web/dist.
 */
export async function startBuiltApp(extraEnv: NodeJS.ProcessEnv = {}): Promise<BuiltApp> {
  await assertBuilt();
  const webDistDir = await snapshotWebDist();
  const child = await startBuiltServer('api', await freePort(), {
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: webDistDir,
    ...extraEnv,
  });
  return Object.assign(child, { webDistDir });
}

/**
 * One built server as production runs it (NODE_ENV=production, node apps/api/dist/server.js) on
 * `port` of 127.0.0.1, with `env` added to the defaults; resolves once its health answers.
 */
export async function startBuiltServer(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<Child> {
  const child = spawnChild(
    name,
    ['apps/api/dist/server.js'],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
  );
  await waitForOk(child, '/api/v1/health');
  return child;
}

/** The bare Fastify server of scripts/bench/bare-server.ts. */
export async function startBareServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<Child> {
  const port = await freePort();
  const child = spawnChild(
    'bare',
    ['--import', 'tsx', 'scripts/bench/bare-server.ts'],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      ...extraEnv,
    },
    port,
  );
  await waitForOk(child, '/bare');
  return child;
}

async function waitForOk(child: Child, path: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with ${child.process.exitCode}:\n${child.output()}`);
    }
    try {
      const response = await fetch(child.url + path, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(
        `${child.name} did not answer ${path} within ${timeoutMs} ms:\n${child.output()}`,
      );
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** CPU time (user + system, in ms) a process has used so far, from /proc (Linux only). */
export function cpuTimeMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * Scheduler statistics of a thread from /proc/<pid>/schedstat (Linux): nanoseconds spent running
 * on a CPU and nanoseconds spent runnable but waiting for one (contention from other processes).
 */
export function schedStat(
  pid: number | 'thread-self',
): { runNs: number; waitNs: number } | undefined {
  try {
    const path = pid === 'thread-self' ? '/proc/thread-self/schedstat' : `/proc/${pid}/schedstat`;
    const [run, wait] = readFileSync(path, 'utf8').trim().split(' ');
    return { runNs: Number(run), waitNs: Number(wait) };
  } catch {
    return undefined;
  }
}

/**
 * Waits until a process has been nearly idle (< `busyPercent` of one core) for `windowMs`, e.g.
 * until the API has finished loading its offline gazetteer after it starts listening. Returns
 * how long it waited.
 */
export async function waitUntilIdle(
  pid: number | undefined,
  { windowMs = 500, busyPercent = 5, timeoutMs = 60_000 } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuTimeMs(pid);
    await new Promise((done) => setTimeout(done, windowMs));
    const after = cpuTimeMs(pid);
    if (before === undefined || after === undefined) return performance.now() - started;
    if (((after - before) / windowMs) * 100 < busyPercent) return performance.now() - started;
    if (performance.now() - started > timeoutMs) return performance.now() - started;
  }
}
