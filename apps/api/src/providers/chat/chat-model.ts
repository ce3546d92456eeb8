import type { ChatMessage } from '@vroum/core/chat';
import type { ChatTools } from './chat-tools';
import type { StreamPace } from './paced-stream';

/**
 * The chat model port (decision 015): given the conversation (full history, last
 * message the visitor's) and the tools on our own services, streams the reply as text pieces.
 * Adapters throw `ChatModelError` when the model cannot answer; the route turns an error before
 * the first piece into a JSON error, and one after it into an error event.
 */
export interface ChatModel {
  readonly name: string;
  stream(
    messages: readonly ChatMessage[],
    tools: ChatTools,
    options?: { signal?: AbortSignal },
  ): AsyncIterable<string>;
}

export class ChatModelError extends Error {
  constructor(
    message: string,
    /** HTTP status of the upstream model, when there was one. */
    readonly upstreamStatus?: number,
  ) {
    super(message);
    this.name = 'ChatModelError';
  }
}

export type ChatModelConfig =
  | { provider: 'builtin'; pace: StreamPace }
  | { provider: 'openai'; baseUrl: string; apiKey: string | undefined; model: string };
