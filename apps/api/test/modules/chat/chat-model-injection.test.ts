import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@vroum/core/chat';
import { ChatModelError, type ChatModel } from '../../../src/providers/chat/chat-model';
import type { ChatTools } from '../../../src/providers/chat/chat-tools';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * A model of the test's own: echoes the visitor's message in two pieces, keeps the tools it was
 * given, and fails before its first piece ('échec immédiat') or after it ('échec en cours').
 */
function scriptedModel(): ChatModel & { seen: ChatTools[] } {
  const seen: ChatTools[] = [];
  return {
    name: 'scripted',
    seen,
    async *stream(messages: readonly ChatMessage[], tools: ChatTools) {
      seen.push(tools);
      const content = messages.at(-1)!.content;
      const failAt = { 'échec immédiat': 0, 'échec en cours': 1 }[content];
      for (const [index, piece] of ['Vous avez écrit : ', content].entries()) {
        if (index === failAt) throw new ChatModelError('model down', 503);
        yield piece;
      }
    },
  };
}

const ask = (ctx: TestContext, content: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/chat',
    payload: { messages: [{ role: 'user', content }] },
  });

describe('the chat model given to the app', () => {
  const model = scriptedModel();
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({}, { chatModel: model });
  });
  afterAll(() => ctx.close());

  it('answers the chat route, with the tools the chat module built on the live catalogue', async () => {
    const response = await ask(ctx, 'Bonjour');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"content":"Vous avez écrit : "');
    expect(response.body).toContain('"content":"Bonjour"');
    expect(response.body.endsWith('data: [DONE]\n\n')).toBe(true);
    const vehicles = await model.seen[0]!.listVehicles();
    expect(vehicles.map((vehicle) => vehicle.slug)).toContain('porsche-panamera');
  });

  it('turns a failure before the first piece into a 502 with a French message', async () => {
    const response = await ask(ctx, 'échec immédiat');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'L’assistant est momentanément indisponible. Veuillez réessayer.',
    });
  });

  it('ends the stream with an error event and no [DONE] after a failure mid-reply', async () => {
    const response = await ask(ctx, 'échec en cours');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data: {"error":"L’assistant est momentanément indisponible');
    expect(response.body).not.toContain('[DONE]');
  });
});
