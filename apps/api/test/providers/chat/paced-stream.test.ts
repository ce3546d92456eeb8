import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import {
  pacePieces,
  READABLE_PACE,
  splitIntoPieces,
} from '../../../src/providers/chat/paced-stream';

/** The pieces and the moment each one came, in ms after the start. */
async function timed(pieces: AsyncIterable<string>): Promise<{ piece: string; at: number }[]> {
  const start = performance.now();
  const seen: { piece: string; at: number }[] = [];
  for await (const piece of pieces) seen.push({ piece, at: performance.now() - start });
  return seen;
}

describe('the built-in assistant’s writing pace', () => {
  it('cuts a reply into words, each Markdown link in one piece', () => {
    expect(
      splitIntoPieces(
        'Voir [Conditions de location](/conditions) · [Porsche Panamera](/vehicule/porsche-panamera).',
      ),
    ).toEqual([
      'Voir ',
      '[Conditions de location](/conditions) ',
      '· ',
      '[Porsche Panamera](/vehicule/porsche-panamera).',
    ]);
  });

  it('sends the first words at once and the others one after another', async () => {
    const pieces = splitIntoPieces('Notre assistance répond jour et nuit, sept jours sur sept.');
    const seen = await timed(pacePieces(pieces, { pieceMs: 20, maxTotalMs: 5000 }));
    expect(seen.map((item) => item.piece).join('')).toBe(
      'Notre assistance répond jour et nuit, sept jours sur sept.',
    );
    expect(seen[0]!.at).toBeLessThan(15);
    // Nine gaps of 20 ms: the reply takes its time, as a model writing it would.
    expect(seen.at(-1)!.at).toBeGreaterThanOrEqual(9 * 20 - 10);
    expect(new Set(seen.map((item) => Math.round(item.at / 10))).size).toBeGreaterThan(5);
  });

  it('keeps a long reply within the longest time allowed', async () => {
    const pieces = Array.from({ length: 400 }, (_, index) => `mot${index} `);
    const seen = await timed(pacePieces(pieces, { pieceMs: 30, maxTotalMs: 300 }));
    expect(seen).toHaveLength(400);
    expect(seen.at(-1)!.at).toBeLessThan(450);
  });

  it('sends everything at once with a pace of 0', async () => {
    const seen = await timed(pacePieces(['a ', 'b ', 'c'], { pieceMs: 0, maxTotalMs: 0 }));
    expect(seen.map((item) => item.piece)).toEqual(['a ', 'b ', 'c']);
    expect(seen.at(-1)!.at).toBeLessThan(15);
  });

  it('stops when the visitor goes away', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const piece of pacePieces(['a ', 'b ', 'c '], READABLE_PACE, controller.signal)) {
      seen.push(piece);
      controller.abort();
    }
    expect(seen).toEqual(['a ']);
  });

  it('writes at the readable pace unless configured otherwise', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: 'memory://', DEMO_MODE: 'true' };
    expect(loadConfig(base).chat.model).toEqual({ provider: 'builtin', pace: READABLE_PACE });
    expect(READABLE_PACE.pieceMs).toBeGreaterThan(0);
    expect(loadConfig({ ...base, CHAT_STREAM_PACE_MS: '0' }).chat.model).toMatchObject({
      pace: { pieceMs: 0 },
    });
  });
});
