import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How fast the built-in assistant writes (decision 015): the wait between two pieces, and the
 * longest a whole reply may take, so a long answer is not absurdly slow. 0 sends it at once.
 */
export interface StreamPace {
  pieceMs: number;
  maxTotalMs: number;
}

/** About 35 words a second, as a fast model writes; at most 2.5 s for the longest answers. */
export const READABLE_PACE: StreamPace = { pieceMs: 28, maxTotalMs: 2500 };

/**
 * An answer cut in the pieces a model would stream: a word with the spaces after it, a Markdown
 * link in one piece (so '[Conditions de location](/conditions)' never shows half-written).
 */
export function splitIntoPieces(answer: string): string[] {
  return answer.match(/\[[^\]\n]*\]\([^)\s]*\)\S*\s*|\S+\s*/g) ?? [answer];
}

/**
 * Yields the pieces at the pace given: the first at once, then one every `pieceMs`, shortened
 * so the whole takes at most `maxTotalMs`. Stops quietly when the visitor goes away.
 */
export async function* pacePieces(
  pieces: readonly string[],
  pace: StreamPace,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const gaps = Math.max(1, pieces.length - 1);
  const wait = Math.min(pace.pieceMs, pace.maxTotalMs / gaps);
  const start = performance.now();
  for (const [index, piece] of pieces.entries()) {
    // Each piece has its moment from the start, so timer delays do not add up.
    const delay = start + index * wait - performance.now();
    if (delay >= 1) {
      try {
        await sleep(delay, undefined, { signal });
      } catch {
        return;
      }
    }
    if (signal?.aborted) return;
    yield piece;
  }
}
