/**
 * Lets the browser run what waits (input, a frame) before going on, in a task of its own: a
 * phone's main thread is never held for two steps of the app's start together.
 */
export function nextTask(): Promise<void> {
  return new Promise((resumed) => setTimeout(resumed, 0));
}
