import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The modules of the API form a graph without a loop: a module that another imports never
// imports it back, directly or through others (type imports too, so that a module can be read
// without its importers). ESLint's import-x/no-cycle sees files; this sees modules.
const modulesDir = fileURLToPath(new URL('../../src/modules', import.meta.url));
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gms;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each module and the modules it imports, with one import that makes each edge. */
function moduleGraph(): Map<string, Map<string, string>> {
  const moduleOf = (file: string) => relative(modulesDir, file).split('/')[0]!;
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!specifier!.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier!);
      if (!target.startsWith(`${modulesDir}/`)) continue;
      const to = moduleOf(target);
      if (to !== from) graph.get(from)!.set(to, `${relative(modulesDir, file)} → ${specifier}`);
    }
  }
  return graph;
}

/** The loops of the graph: its strongly connected parts of more than one module (Tarjan). */
function loops(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the module graph of the API', () => {
  it('has no loop', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(20);
    // The imports are read: the operations module calls the bookings module's services.
    expect(graph.get('operations')?.has('bookings')).toBe(true);
    const described = loops(graph).map((part) =>
      part.flatMap((from) =>
        [...graph.get(from)!].filter(([to]) => part.includes(to)).map(([, how]) => how),
      ),
    );
    expect(described).toEqual([]);
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a.ts → ../b/b']])],
      ['b', new Map([['c', 'b.ts → ../c/c']])],
      ['c', new Map([['a', 'c.ts → ../a/a']])],
      ['d', new Map([['a', 'd.ts → ../a/a']])],
    ]);
    expect(loops(graph).map((part) => part.sort())).toEqual([['a', 'b', 'c']]);
  });
});
