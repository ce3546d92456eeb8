import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The built app as `npm start` runs it, on a throw-away embedded database unless `env` names
 * another (support/global-setup.ts): what the browser tests talk to. Ports follow E2E_PORT, so
 * parallel runs on other ports do not collide.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The port of the server of the worker running at `parallelIndex` (support/global-setup.ts). */
export const workerServerPort = (parallelIndex: number) => E2E_PORT + 10 + parallelIndex;

const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** The environment of a test server listening on `port`. */
export function appEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: WEB_DIST,
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    // Every journey comes from 127.0.0.1: the per-address limits are tested by the API suite.
    AUTH_RATE_LIMIT: 'false',
    BOOKING_RATE_LIMIT: '1000',
    MAX_OPEN_HOLDS: '50',
    // The periodic jobs (the deposit placed on the card when due, among others) every second,
    // not every 30: a journey waits for what they do, not for their turn.
    BOOKING_JOBS_INTERVAL_MS: '1000',
    // The assistant writes its answers five times faster than for a reader: still piece by piece,
    // as a test watches it, in a fifth of the wait (its readable pace is the API suite's to check).
    CHAT_STREAM_PACE_MS: '6',
  };
}

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app on `port` with `env` over the defaults, and resolves once it answers its
 * health check (within three minutes, on a loaded machine).
 */
export async function startAppServer(
  port: number,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const health = () =>
    fetch(`${url}/api/v1/health`).then(
      (response) => response.status,
      () => 0,
    );
  // A server left behind by an interrupted run would answer for this one, with its old build.
  if ((await health()) !== 0) throw new Error(`Port ${port} is taken: stop what listens on it`);
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { ...process.env, ...appEnv(port), ...env },
    // Its log (warnings and errors only, LOG_LEVEL) goes to the run's output: a request that
    // stalls or fails in a journey leaves its trace there. A quiet run prints the start banner.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app on port ${port} exited at start`);
    if ((await health()) === 200) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`The app on port ${port} did not answer within three minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
