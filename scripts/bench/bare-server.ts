// Baseline for the HTTP bench: a bare Fastify server with one JSON route and nothing else (no
// logger, no hooks, no validation, no database). Latencies of the real API are quoted as ratios to
// this route measured in the same run, because the load generator shares the machine's cores.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });

app.get('/bare', async () => ({ status: 'ok', items: [1, 2, 3] }));

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
