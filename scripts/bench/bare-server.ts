// Baseline for the HTTP bench: a bare Fastify server with one JSON route and nothing else (no
// logger, no hooks, no validation, no database). Latencies of the real API are quoted as ratios to
// this route measured in the same run, because the load generator shares the machine's cores.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });

app.get('/bare', async () => ({ status: 'ok', items: [1, 2, 3] }));

// The real API's answers, copied from it (BARE_ANSWERS_FILE: a JSON object of name → answer), each
// sent from memory at /same/<name> as Fastify sends any object (serialised on each request), and
// at /bytes/<name> as a string serialised once: the framework's own cost for the very same JSON.
const answers = process.env.BARE_ANSWERS_FILE
  ? (JSON.parse(readFileSync(process.env.BARE_ANSWERS_FILE, 'utf8')) as Record<string, unknown>)
  : {};
for (const [name, answer] of Object.entries(answers)) {
  app.get(`/same/${name}`, async () => answer);
  const bytes = JSON.stringify(answer);
  app.get(`/bytes/${name}`, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(bytes);
  });
}

await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
console.log(`bare server listening on ${typeof address === 'object' ? address?.port : address}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
