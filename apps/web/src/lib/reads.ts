// The reads of the API made by parts of the shell that a page of islands hydrates (decision 005):
// in the app, by its query cache (TanStack Query, lib/query-client.tsx); on a page of islands, by
// the small store below, so that such a page's first load carries no query cache. Both call the
// API through the same client (api-client.ts, auth/auth-client.ts).
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';

/** One read: its key, the call, and how long its answer stays fresh. */
export interface ReadOptions<T> {
  key: readonly unknown[];
  read: (signal: AbortSignal) => Promise<T>;
  enabled?: boolean;
  /** How long an answer is fresh, in ms (Infinity: for the page's life). */
  staleTime?: number;
  /** How many times a failed call is made again, each after a growing delay (false: none). */
  retry?: number | false;
  /** Read again every so many ms while shown. */
  refetchInterval?: number;
  /** Read again, if stale, when the tab is shown again. */
  refetchOnWindowFocus?: boolean;
}

/** What a read gives a component: its answer, and where it stands. */
export interface ReadState<T> {
  data: T | undefined;
  /** No answer yet (none asked for, or the first one on its way). */
  isPending: boolean;
  /** The first answer is on its way. */
  isLoading: boolean;
  isError: boolean;
}

/** An unstated option, the same in the app's query cache and on a page of islands. */
export const READ_DEFAULTS = { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } as const;

interface Snapshot {
  data: unknown;
  status: 'pending' | 'success' | 'error';
  fetching: boolean;
}

interface Entry {
  snapshot: Snapshot;
  updatedAt: number;
  listeners: Set<() => void>;
  running?: Promise<unknown>;
}

const NOTHING_YET: Snapshot = { data: undefined, status: 'pending', fetching: false };
const entries = new Map<string, Entry>();
/** Called whenever a read starts or ends (islandReadsSettled). */
const watchers = new Set<() => void>();

const hashOf = (key: readonly unknown[]) => JSON.stringify(key);

function entryAt(hash: string): Entry {
  let entry = entries.get(hash);
  if (!entry) {
    entry = { snapshot: NOTHING_YET, updatedAt: 0, listeners: new Set() };
    entries.set(hash, entry);
  }
  return entry;
}

function update(entry: Entry, change: Partial<Snapshot>): void {
  entry.snapshot = { ...entry.snapshot, ...change };
  for (const listener of entry.listeners) listener();
  for (const watcher of watchers) watcher();
}

const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Calls the API for the entry, or joins the call on its way. A failed call is made again `retry`
 * times; the last failure leaves the last answer in place, marked failed. A read no longer shown
 * is left to end: its answer is kept for the next component that asks.
 */
function run<T>(entry: Entry, read: ReadOptions<T>['read'], retry: number | false): Promise<T> {
  if (entry.running) return entry.running as Promise<T>;
  const signal = new AbortController().signal;
  const running = (async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await read(signal);
        entry.running = undefined;
        entry.updatedAt = Date.now();
        update(entry, { data, status: 'success', fetching: false });
        return data;
      } catch (error) {
        if (attempt >= (retry || 0)) {
          entry.running = undefined;
          update(entry, { status: 'error', fetching: false });
          throw error;
        }
        await new Promise((again) => setTimeout(again, retryDelay(attempt)));
      }
    }
  })();
  entry.running = running;
  update(entry, { fetching: true });
  return running;
}

const ignore = () => undefined;

/** A read on a page of islands: the answer is shared by every component asking the same key. */
export function useIslandRead<T>(options: ReadOptions<T>): ReadState<T> {
  const { key, enabled = true, refetchInterval } = options;
  const { staleTime = READ_DEFAULTS.staleTime, retry = READ_DEFAULTS.retry } = options;
  const onFocus = options.refetchOnWindowFocus ?? READ_DEFAULTS.refetchOnWindowFocus;
  const hash = hashOf(key);
  // The call of the latest render (it is written inline, so a new function each time).
  const read = useRef(options.read);
  read.current = options.read;
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryAt(hash);
      entry.listeners.add(listener);
      if (!enabled) return () => entry.listeners.delete(listener);
      const again = () => void run(entry, read.current, retry).catch(ignore);
      const ifStale = () => {
        if (entry.snapshot.status !== 'success' || Date.now() - entry.updatedAt >= staleTime)
          again();
      };
      const onShown = () => {
        if (document.visibilityState === 'visible') ifStale();
      };
      ifStale();
      const timer = refetchInterval ? setInterval(again, refetchInterval) : undefined;
      if (onFocus) document.addEventListener('visibilitychange', onShown);
      return () => {
        entry.listeners.delete(listener);
        clearInterval(timer);
        document.removeEventListener('visibilitychange', onShown);
      };
    },
    [hash, enabled, staleTime, retry, refetchInterval, onFocus],
  );
  const snapshot = () => entryAt(hash).snapshot;
  const { data, status, fetching } = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    data: data as T | undefined,
    isPending: status === 'pending',
    // An enabled read without an answer is called as it is shown.
    isLoading: status === 'pending' && (fetching || enabled),
    isError: status === 'error',
  };
}

/** Reads the key again now (joining a call on its way), whatever its answer's age. */
export function rereadIsland<T>(key: readonly unknown[], read: () => Promise<T>): Promise<T> {
  return run(entryAt(hashOf(key)), read, READ_DEFAULTS.retry);
}

/** Sets the key's answer (the session, once signed out). */
export function setIslandRead(key: readonly unknown[], data: unknown): void {
  const entry = entryAt(hashOf(key));
  entry.updatedAt = Date.now();
  update(entry, { data, status: 'success' });
}

/** Resolves once no read of the page is on its way. */
export function islandReadsSettled(): Promise<void> {
  return new Promise((settled) => {
    const check = () => {
      if ([...entries.values()].some((entry) => entry.running !== undefined)) return;
      watchers.delete(check);
      settled();
    };
    watchers.add(check);
    check();
  });
}

type UseRead = <T>(options: ReadOptions<T>) => ReadState<T>;

/**
 * How the shell's reads are made: by the app's query cache, which the app's shell provides
 * (app/providers.tsx), or by default by the islands' store above.
 */
const ReadsContext = createContext<UseRead>(useIslandRead);

export const ReadsProvider = ReadsContext.Provider;

export function useRead<T>(options: ReadOptions<T>): ReadState<T> {
  // Set once by the page's entry: the same hook on every render of a mounted tree.
  const useImplementation = useContext(ReadsContext);
  return useImplementation(options);
}
