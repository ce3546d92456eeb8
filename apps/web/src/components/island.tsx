import type { ReactNode } from 'react';

/**
 * The parts of the shell that respond to the visitor. On a page the server renders whose other
 * parts never change in the browser (the home page), the browser hydrates only these, each as a
 * root of its own (islands.tsx). Their wrapper lays nothing out (`display: contents`).
 */
export type IslandName = 'header' | 'booking' | 'assistant';

export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
