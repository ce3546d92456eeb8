import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatModelError } from '../../../src/providers/chat/chat-model';
import { TOOL_DEFINITIONS, type ChatTools } from '../../../src/providers/chat/chat-tools';
import { createOpenAiChatModel } from '../../../src/providers/chat/openai-chat-model';
import { DEFAULT_SITE } from '@vroum/core/site-defaults';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * A local server speaking the OpenAI-compatible streaming format: each request
 * takes the next scripted answer; the bodies it received are kept for the assertions.
 */
type Script = (response: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let scripts: Script[] = [];
const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const stream =
  (...events: string[]): Script =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    // Written in separate TCP writes so the client sees the pieces arrive one by one.
    let index = 0;
    const next = () => {
      if (index >= events.length) return void response.end();
      response.write(events[index++]);
      setTimeout(next, 2);
    };
    next();
  };

const textAnswer = (...pieces: string[]) =>
  stream(
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((piece) => chunk({ content: piece })),
    chunk({}, 'stop'),
    'data: [DONE]\n\n',
  );

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const script = scripts.shift();
      if (!script) {
        response.writeHead(500, { 'content-type': 'application/json' });
        return void response.end('{"error":{"message":"no script"}}');
      }
      script(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  scripts = [];
  received.length = 0;
});

function fakeTools(results: Record<string, string> = {}) {
  const calls: { name: string; args: string }[] = [];
  const tools = {
    site: DEFAULT_SITE,
    today: () => '2027-01-10',
    listVehicles: () => Promise.resolve([]),
    definitions: TOOL_DEFINITIONS,
    run: (name: string, args: string) => {
      calls.push({ name, args });
      return Promise.resolve(results[name] ?? '{}');
    },
  } as unknown as ChatTools;
  return { tools, calls };
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

const model = () => createOpenAiChatModel({ baseUrl, apiKey: 'sk-test', model: 'test-model' });

describe('OpenAI-compatible chat model', () => {
  it('streams delta.content through, with the key, the model, the tools and a grounded system prompt', async () => {
    scripts.push(textAnswer('Bonjour', ' !', ' La caution…'));
    const { tools } = fakeTools();
    const pieces = await collect(model().stream([{ role: 'user', content: 'Bonjour' }], tools));
    expect(pieces).toEqual(['Bonjour', ' !', ' La caution…']);
    const [request] = received;
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({ model: 'test-model', stream: true, tool_choice: 'auto' });
    expect(
      (request!.body.tools as { function: { name: string } }[]).map((t) => t.function.name),
    ).toEqual([
      'list_vehicles',
      'quote_rental',
      'check_availability',
      'delivery_fee',
      'booking_status',
    ]);
    const [system, user] = request!.body.messages as { role: string; content: string }[];
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('28,87\u00a0€');
    expect(system!.content).toContain('01 84 60 25 25');
    expect(user).toEqual({ role: 'user', content: 'Bonjour' });
  });

  it('runs a tool call split across chunks and continues the conversation with its result', async () => {
    scripts.push(
      stream(
        chunk({ role: 'assistant', content: null }),
        chunk({
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'quote_rental', arguments: '' },
            },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"vehicle":"porsche-' } }] }),
        chunk({
          tool_calls: [{ index: 0, function: { arguments: 'panamera","start":"2027-03-12",' } }],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"end":"2027-03-15"}' } }] }),
        chunk({}, 'tool_calls'),
        'data: [DONE]\n\n',
      ),
      textAnswer('Le total est de ', '747 €.'),
    );
    const { tools, calls } = fakeTools({ quote_rental: '{"total":"747 €"}' });
    const pieces = await collect(
      model().stream([{ role: 'user', content: 'Devis Panamera du 12 au 15 mars' }], tools),
    );
    expect(calls).toEqual([
      {
        name: 'quote_rental',
        args: '{"vehicle":"porsche-panamera","start":"2027-03-12","end":"2027-03-15"}',
      },
    ]);
    expect(pieces.join('')).toBe('Le total est de 747 €.');
    const followUp = received[1]!.body.messages as Record<string, unknown>[];
    expect(followUp.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: {
              name: 'quote_rental',
              arguments: '{"vehicle":"porsche-panamera","start":"2027-03-12","end":"2027-03-15"}',
            },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"total":"747 €"}' },
    ]);
  });

  it('throws on a mid-stream error after the pieces already sent', async () => {
    scripts.push(
      stream(
        chunk({ content: 'Un instant' }),
        `data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })}\n\n`,
      ),
    );
    const pieces: string[] = [];
    const { tools } = fakeTools();
    await expect(async () => {
      for await (const piece of model().stream([{ role: 'user', content: 'Bonjour' }], tools)) {
        pieces.push(piece);
      }
    }).rejects.toThrow(ChatModelError);
    expect(pieces).toEqual(['Un instant']);
  });

  it('throws on a stream cut before [DONE]', async () => {
    scripts.push(stream(chunk({ content: 'Un' })));
    const { tools } = fakeTools();
    await expect(collect(model().stream([{ role: 'user', content: 'x' }], tools))).rejects.toThrow(
      'before [DONE]',
    );
  });

  it('throws with the status on an error answer', async () => {
    scripts.push((response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: {
            message: 'Incorrect API key',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    });
    const { tools } = fakeTools();
    await expect(
      collect(model().stream([{ role: 'user', content: 'x' }], tools)),
    ).rejects.toMatchObject({
      upstreamStatus: 401,
    });
  });
});

describe('POST /api/v1/chat with CHAT_MODEL=openai', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      CHAT_MODEL: 'openai',
      OPENAI_BASE_URL: baseUrl,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'test-model',
    });
  });
  afterAll(() => ctx.close());
  const post = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/chat',
      payload: { messages: [{ role: 'user', content: 'Bonjour' }] },
    });

  it('streams the remote pieces through to the browser', async () => {
    scripts.push(textAnswer('Bonjour', ' !'));
    const response = await post();
    expect(response.body).toBe(
      ': ping\n\n' +
        'data: {"choices":[{"delta":{"content":"Bonjour"}}]}\n\n' +
        'data: {"choices":[{"delta":{"content":" !"}}]}\n\n' +
        'data: [DONE]\n\n',
    );
  });

  it('runs the real tools server-side: a quote from the live catalogue', async () => {
    scripts.push(
      stream(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: 'call_q',
              type: 'function',
              function: { name: 'quote_rental', arguments: '{"vehicle":"Porsche Panamera",' },
            },
          ],
        }),
        chunk({
          tool_calls: [
            { index: 0, function: { arguments: '"start":"2030-03-12","end":"2030-03-15"}' } },
          ],
        }),
        chunk({}, 'tool_calls'),
        'data: [DONE]\n\n',
      ),
      textAnswer('747 €'),
    );
    await post();
    const toolMessage = (received[1]!.body.messages as { role: string; content: string }[]).at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(JSON.parse(toolMessage.content)).toMatchObject({
      vehicle: 'Porsche Panamera',
      days: 3,
      total: '747\u00a0€',
      deposit: '3\u00a0500\u00a0€',
      page: '/vehicule/porsche-panamera',
    });
  });

  it('answers 502 with { error } when the model fails before the first piece', async () => {
    scripts.push((response) => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"Rate limit","code":"rate_limit_exceeded"}}');
    });
    const response = await post();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'L’assistant est momentanément indisponible. Veuillez réessayer.',
    });
  });

  it('ends with an error event, without [DONE], when the model fails mid-stream', async () => {
    scripts.push(
      stream(chunk({ content: 'Un instant' }), 'data: {"error":{"message":"boom"}}\n\n'),
    );
    const response = await post();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      ': ping\n\n' +
        'data: {"choices":[{"delta":{"content":"Un instant"}}]}\n\n' +
        'data: {"error":"L’assistant est momentanément indisponible. Veuillez réessayer."}\n\n',
    );
  });
});
