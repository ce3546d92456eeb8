// The load balancer in front of the instances: Debian's nginx, installed when it is missing and
// we are root, run in the foreground with a configuration of its own in a temporary folder.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';

/** The nginx binary, installed from Debian's packages when missing (root only). */
export function ensureNginx(): string {
  if (existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0) {
    throw new Error("nginx is missing: run 'sudo apt-get install -y nginx', then try again.");
  }
  console.log("==> Installing nginx from Debian's packages");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { env, stdio: 'ignore' });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { env, stdio: 'ignore' });
  }
  return NGINX;
}

/**
 * The configuration: round robin over the instances on keep-alive connections; an instance that
 * refuses connections is left out for a few seconds and a read (GET, HEAD) it could not answer is
 * retried on the other; a POST is never replayed (the client retries it with its idempotency
 * key). The client's address is the connection's, whatever it claims: X-Forwarded-For is set, not
 * appended to, and the instances believe it only from this machine (TRUST_PROXY=loopback). Event
 * streams are passed on unbuffered and may stay open for their 30 minutes.
 */
export function nginxConfig(options: {
  dir: string;
  port: number;
  upstreams: number[];
  asRoot: boolean;
}): string {
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const proxied = `
      proxy_pass http://vroum;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;`;
  return `${options.asRoot ? 'user www-data www-data;' : ''}
worker_processes 1;
daemon off;
pid ${join(options.dir, 'nginx.pid')};
error_log ${join(options.dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${join(options.dir, 'temp', 'body')};
  proxy_temp_path ${join(options.dir, 'temp', 'proxy')};
  fastcgi_temp_path ${join(options.dir, 'temp', 'fastcgi')};
  uwsgi_temp_path ${join(options.dir, 'temp', 'uwsgi')};
  scgi_temp_path ${join(options.dir, 'temp', 'scgi')};
  client_max_body_size 25m;
  upstream vroum {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {${proxied}
    }
    location ~ /events$ {${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Starts nginx in the foreground with the configuration above; resolves once it listens. */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreams: number[];
}): Promise<ChildProcess> {
  const binary = ensureNginx();
  const asRoot = process.getuid?.() === 0;
  const temp = join(options.dir, 'temp');
  mkdirSync(temp, { recursive: true });
  // The workers (www-data when started by root) write request bodies there.
  chmodSync(temp, 0o777);
  const file = join(options.dir, 'nginx.conf');
  writeFileSync(file, nginxConfig({ ...options, asRoot }));
  const child = spawn(binary, ['-p', options.dir, '-c', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Not left behind when this process ends, however it ends: on TERM, nginx's master stops its
  // workers before it exits (a KILL would leave them running, orphaned).
  process.once('exit', () => child.kill('SIGTERM'));
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    try {
      await fetch(`http://127.0.0.1:${options.port}/`, { signal: AbortSignal.timeout(1000) });
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen: ${errors}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}
