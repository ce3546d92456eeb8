import { Readable } from 'node:stream';
import type { FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChatError, ChatRequest } from '@vroum/core/chat';
import { AppError } from '../../lib/app-error';
import { createChatTools } from './chat-tools';

const MODEL_UNAVAILABLE = 'L’assistant est momentanément indisponible. Veuillez réessayer.';
const RATE_LIMITED = 'Trop de messages envoyés. Veuillez patienter une minute avant de réessayer.';

/**
 * One piece of the reply, in the chunk shape of OpenAI-compatible streams, which the chat client
 * reads.
 */
export function formatChatChunk(content: string): string {
  return `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
}

/**
 * POST /api/v1/chat (the support chat, decision 015): the conversation in, the assistant's
 * reply out as `text/event-stream`: a `: ping` comment, `data: {"choices":[{"delta":{"content"}}]}`
 * pieces, then `data: [DONE]`. A failure after the first piece ends the stream with
 * `data: {"error":"…"}` and no [DONE].
 *
 * Unlike the rest of the API, errors here are `{ error: "message" }` (a string): the chat widget,
 * like OpenAI-compatible clients, reads the error field of the JSON body as the text. This plugin's own error handler does that.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const model = app.chatModel;

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ error: error.validation[0]?.message ?? 'La requête est invalide.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: RATE_LIMITED });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: 'La requête est invalide.' });
    }
    request.log.error({ err: error }, 'chat: unhandled error');
    return reply.status(500).send({ error: MODEL_UNAVAILABLE });
  });

  app.post(
    '/chat',
    {
      config: { rateLimit: { max: app.config.chat.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['assistance'],
        summary: 'Assistant du service client (réponse en server-sent events)',
        description:
          'Corps : `{ messages: [{ role, content }] }`, tout l’historique et le nouveau message. ' +
          'Réponse `text/event-stream` : `: ping`, puis `data: {"choices":[{"delta":{"content":"…"}}]}` ' +
          'et `data: [DONE]`. Erreurs : `{ "error": "message" }`.',
        body: ChatRequest,
        response: {
          200: z.unknown().describe('text/event-stream'),
          400: ChatError,
          429: ChatError,
          502: ChatError,
        },
      },
    },
    async (request, reply) => {
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      const tools = createChatTools({ db: app.db, geocoder: app.geocoder, site: app.config.site });
      const pieces = model
        .stream(request.body.messages, tools, { signal: controller.signal })
        [Symbol.asyncIterator]();
      let first: IteratorResult<string>;
      try {
        first = await pieces.next();
      } catch (error) {
        request.log.warn({ model: model.name, reason: describe(error) }, 'chat: model failed');
        return reply.status(502).send({ error: MODEL_UNAVAILABLE });
      }

      async function* events(): AsyncGenerator<string> {
        yield ': ping\n\n';
        try {
          for (let result = first; !result.done; result = await pieces.next()) {
            if (result.value) yield formatChatChunk(result.value);
          }
          yield 'data: [DONE]\n\n';
        } catch (error) {
          request.log.warn({ model: model.name, reason: describe(error) }, 'chat: stream failed');
          yield `data: ${JSON.stringify({ error: MODEL_UNAVAILABLE })}\n\n`;
        } finally {
          await pieces.return?.();
        }
      }

      return reply
        .status(200)
        .headers({
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          'x-accel-buffering': 'no',
        })
        .send(Readable.from(events()));
    },
  );
};

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
