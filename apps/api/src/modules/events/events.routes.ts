import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import type { LiveEvent } from '@vroum/core/live-events';
import { AppError } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import type { EventScope } from './event-hub';

/** A comment line every 25 s keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after 30 minutes and the browser reconnects at once, which checks the session
 * again: a signed-out or expired session stops receiving events within that delay.
 */
const MAX_STREAM_MS = 30 * 60_000;
/** A client that reads nothing while this much is queued is dropped (it will reconnect). */
const MAX_BUFFERED_BYTES = 64 * 1024;
const RECONNECT_DELAY_MS = 5_000;

/** One server-sent event: `event:` names the table, `data:` is one line of JSON. */
export function formatEvent(event: LiveEvent): string {
  return `event: ${event.table}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * GET /api/v1/events: the signed-in user's live events (docs/decisions/010-live-events.md), as
 * `text/event-stream`: `event: favorites` or `event: notifications`, `data: {"table","op","id"}`,
 * for their own rows only. The browser re-reads what changed.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Événements en direct de mes favoris et notifications (server-sent events)',
        description:
          'Flux text/event-stream : `event: favorites` ou `event: notifications`, ' +
          '`data: {"table","op","id"}`, pour les seules lignes de l’utilisateur connecté ; ' +
          'un commentaire toutes les 25 s.',
        querystring: z.object({}),
        response: {
          200: z.unknown().describe('text/event-stream'),
          401: ApiError,
          503: ApiError,
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      return streamEvents(request, reply, { kind: 'user', userId: user.id });
    },
  );

  app.get(
    '/admin/events',
    {
      schema: {
        tags: ['administration'],
        summary: 'Événements en direct de toutes les réservations (server-sent events)',
        description:
          'Flux text/event-stream : `event: bookings`, `data: {"table","op","id"}` pour toute ' +
          'création, modification ou suppression d’une réservation ; administrateurs seulement.',
        querystring: z.object({}),
        response: {
          200: z.unknown().describe('text/event-stream'),
          401: ApiError,
          403: ApiError,
          503: ApiError,
        },
      },
    },
    async (request, reply) => {
      return streamEvents(request, reply, { kind: 'admin' });
    },
  );
};

/** Streams the live events of one scope to this request until it ends (decision 010). */
async function streamEvents(request: FastifyRequest, reply: FastifyReply, scope: EventScope) {
  const stream = new PassThrough();
  let unsubscribe: (() => void) | undefined;
  let ended = false;
  const timers: NodeJS.Timeout[] = [];

  const end = () => {
    if (ended) return;
    ended = true;
    for (const timer of timers) clearTimeout(timer);
    unsubscribe?.();
    stream.end();
  };
  const write = (chunk: string) => {
    if (ended) return;
    if (stream.writableLength > MAX_BUFFERED_BYTES) {
      request.log.warn('live events: slow client dropped');
      end();
      return;
    }
    stream.write(chunk);
  };
  // The client may leave while we subscribe: listen for that first.
  reply.raw.once('close', end);

  try {
    unsubscribe = await request.server.liveEvents.subscribe(scope, {
      onEvent: (event) => write(formatEvent(event)),
      onClose: end,
    });
  } catch (error) {
    reply.raw.off('close', end);
    request.log.error({ err: error }, 'live events: subscription failed');
    throw new AppError(
      'events_unavailable',
      'Les mises à jour en direct sont momentanément indisponibles.',
      503,
    );
  }
  if (ended) unsubscribe();

  timers.push(setInterval(() => write(': ping\n\n'), HEARTBEAT_MS));
  timers.push(setTimeout(end, MAX_STREAM_MS));
  // Sent at once, so the client knows the subscription is active from here on.
  write(`retry: ${RECONNECT_DELAY_MS}\n: connected\n\n`);

  return reply
    .status(200)
    .headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    })
    .send(stream);
}
