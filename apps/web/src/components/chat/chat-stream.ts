import type { ChatMessage } from '@vroum/core/chat';

/** The chat failure's text when the server gives no message of its own. */
const CONNECTION_ERROR = 'Erreur de connexion';

/**
 * POST /api/v1/chat: sends the whole conversation and calls `onPiece`
 * with each `choices[0].delta.content` of the event stream until `data: [DONE]`. Comment lines
 * (': ping') are ignored. A non-OK answer throws the `error` field of its JSON body; an error
 * event, or a stream cut before [DONE], throws too.
 */
export async function streamChatReply(
  messages: readonly ChatMessage[],
  onPiece: (piece: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/v1/chat', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ messages }),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === 'string' ? body.error : CONNECTION_ERROR);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '' || line.startsWith(':') || !line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') {
        await reader.cancel();
        return;
      }
      const chunk = JSON.parse(data) as {
        error?: unknown;
        choices?: { delta?: { content?: string | null } }[];
      };
      if (chunk.error) throw new Error(CONNECTION_ERROR);
      const piece = chunk.choices?.[0]?.delta?.content;
      if (piece) onPiece(piece);
    }
  }
  throw new Error(CONNECTION_ERROR);
}
