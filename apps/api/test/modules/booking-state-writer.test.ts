import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
/** The booking events' gate writes a booking's statuses through this one file. */
const THE_WRITER = 'modules/bookings/booking-lifecycle.repository.ts';

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

describe('a booking’s statuses', () => {
  it('are written by the gate’s one statement and nowhere else in the API', async () => {
    const writers: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const text = await readFile(file, 'utf8');
      // Every statement that updates bookings, up to the end of its SET list.
      for (const match of text.matchAll(/update\s+bookings\s+set([\s\S]*?)(?:\bwhere\b|`)/gi)) {
        if (/\b(booking|payment|deposit)_status\s*=/.test(match[1]!)) {
          writers.push(relative(SRC, file));
        }
      }
    }
    expect(writers).toEqual([THE_WRITER]);
  });
});
