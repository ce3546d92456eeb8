import type * as ReactDomClient from 'react-dom/client';
import { nextTask } from './next-task';

/**
 * React's DOM renderer, evaluated in a task of its own. Its first evaluation is the largest single
 * step of the app's start: the browser compiles its 200 KB when it is first run, 10–20 ms on a
 * fast machine and four times that on a phone. Imported statically, it would run in the one task
 * that evaluates every module of the page.
 */
export async function loadReactDomClient(): Promise<typeof ReactDomClient> {
  // Already in the page's scripts: the import resolves at once, so it is started in a new task.
  await nextTask();
  const client = await import('react-dom/client');
  await nextTask();
  return client;
}
