import type { ChatMessage } from '@vroum/core/chat';
import { ChatModelError, type ChatModel } from './chat-model';
import type { ChatTools } from './chat-tools';
import { buildSystemPrompt } from './knowledge';
import { readSseData } from './sse-lines';

/** Rounds of function calls before the model must answer in text. */
const MAX_TOOL_ROUNDS = 4;
const TIMEOUT_MS = 60_000;

type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface ChunkToolCall {
  index: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  choices?: {
    delta?: { content?: string | null; tool_calls?: ChunkToolCall[] };
    finish_reason?: string | null;
  }[];
  error?: { message?: string };
}

/**
 * The OpenAI-compatible adapter: POST {baseUrl}/chat/completions with stream:true
 * and our tools as functions. Text pieces (`delta.content`) are passed through as they arrive;
 * function calls (fragments concatenated per index) are run on our services and the conversation
 * continues with their results. A non-OK status, a mid-stream `{"error"}` or a stream cut before
 * `[DONE]` throws a ChatModelError.
 */
export function createOpenAiChatModel(config: {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}): ChatModel {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: 'openai',
    async *stream(messages, tools, options = {}) {
      const conversation: WireMessage[] = [
        {
          role: 'system',
          content: buildSystemPrompt(tools.site, await tools.listVehicles(), tools.today()),
        },
        ...messages.map((message: ChatMessage) => ({
          role: message.role,
          content: message.content,
        })),
      ];
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const offerTools = round < MAX_TOOL_ROUNDS;
        const calls: WireToolCall[] = [];
        let finish: string | null = null;
        for await (const event of completions(
          url,
          config,
          conversation,
          tools,
          offerTools,
          options.signal,
        )) {
          if (event.kind === 'content') yield event.text;
          else if (event.kind === 'tool_calls') calls.push(...event.calls);
          else finish = event.reason;
        }
        if (calls.length === 0 || finish !== 'tool_calls') return;
        conversation.push({ role: 'assistant', content: null, tool_calls: calls });
        for (const call of calls) {
          conversation.push({
            role: 'tool',
            tool_call_id: call.id,
            content: await tools.run(call.function.name, call.function.arguments),
          });
        }
      }
    },
  };
}

type StreamEvent =
  | { kind: 'content'; text: string }
  | { kind: 'tool_calls'; calls: WireToolCall[] }
  | { kind: 'finish'; reason: string };

async function* completions(
  url: string,
  config: { apiKey: string | undefined; model: string },
  conversation: WireMessage[],
  tools: ChatTools,
  offerTools: boolean,
  signal: AbortSignal | undefined,
): AsyncGenerator<StreamEvent> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages: conversation,
        stream: true,
        ...(offerTools ? { tools: tools.definitions, tool_choice: 'auto' } : {}),
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    throw new ChatModelError(`chat model unreachable: ${describe(error)}`);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as Chunk | null;
    throw new ChatModelError(
      `chat model answered ${response.status}: ${body?.error?.message ?? 'no message'}`,
      response.status,
    );
  }
  const pending = new Map<number, WireToolCall>();
  let done = false;
  try {
    for await (const data of readSseData(response.body)) {
      if (data === '[DONE]') {
        done = true;
        break;
      }
      let chunk: Chunk;
      try {
        chunk = JSON.parse(data) as Chunk;
      } catch {
        throw new ChatModelError('chat model sent a malformed chunk');
      }
      if (chunk.error) {
        throw new ChatModelError(
          `chat model failed mid-stream: ${chunk.error.message ?? 'unknown'}`,
        );
      }
      for (const choice of chunk.choices ?? []) {
        const delta = choice.delta ?? {};
        if (delta.content) yield { kind: 'content', text: delta.content };
        for (const fragment of delta.tool_calls ?? []) {
          const call = pending.get(fragment.index) ?? {
            id: '',
            type: 'function' as const,
            function: { name: '', arguments: '' },
          };
          if (fragment.id) call.id = fragment.id;
          if (fragment.function?.name) call.function.name += fragment.function.name;
          if (fragment.function?.arguments) call.function.arguments += fragment.function.arguments;
          pending.set(fragment.index, call);
        }
        if (choice.finish_reason) {
          if (choice.finish_reason === 'tool_calls') {
            const calls = [...pending.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
            yield { kind: 'tool_calls', calls };
            pending.clear();
          }
          yield { kind: 'finish', reason: choice.finish_reason };
        }
      }
    }
  } catch (error) {
    if (error instanceof ChatModelError) throw error;
    throw new ChatModelError(`chat model stream failed: ${describe(error)}`);
  }
  if (!done) throw new ChatModelError('chat model stream ended before [DONE]');
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
