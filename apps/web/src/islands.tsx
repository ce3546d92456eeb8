// The browser's entry for a page the server rendered whose only interactive parts are its islands
// (components/island.tsx): the home page. It hydrates each island as a root of its own and leaves
// the rest of the page as the server sent it, so the page's first load carries neither the router
// nor the code of the parts that never change. Its links load the next page as a document
// (lib/navigation.tsx), which the server renders and the whole app (main.tsx) takes over. The
// islands read what they need (the session, a delivery fee) through a small store of their own
// (lib/reads.ts), not the app's query cache, which the first load then leaves out too.
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { noteEarlyInput } from './app/early-input';
import { nextTask } from './app/next-task';
import { IslandShell } from './app/island-shell';
import { markReady } from './app/page-state';
import { loadReactDomClient } from './app/react-dom-client';
import { ChatWidget } from './components/chat/chat-widget';
import type { IslandName } from './components/island';
import { Header } from './components/layout/header';
import { BookingModule } from './features/home/components/booking-module';
import { loadSiteFontsOnceSettled } from './lib/fonts';
import { islandReadsSettled } from './lib/reads';
import { preloadToaster } from './lib/toast';

const ISLANDS: Record<IslandName, ReactNode> = {
  header: <Header />,
  booking: <BookingModule />,
  assistant: <ChatWidget />,
};

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return null;
}

async function start(): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  // What the visitor typed before the islands took over is played again once they all have.
  const replays = elements.map((element) => noteEarlyInput(element));
  const waiting = new Set(elements);
  // The booking module's messages are toasts: their code comes as the visitor starts filling it.
  document
    .querySelector('[data-island="booking"]')
    ?.addEventListener('focusin', () => void preloadToaster(), { once: true });
  const { hydrateRoot } = await loadReactDomClient();
  for (const [index, element] of elements.entries()) {
    // Each island is taken over in a task of its own (the root's listeners, its first render);
    // the renderer's loading already gave the first one a fresh task.
    if (index > 0) await nextTask();
    const name = element.dataset.island as IslandName;
    const onHydrated = () => {
      if (!waiting.delete(element) || waiting.size > 0) return;
      for (const replay of replays) replay();
      markReady();
      void loadSiteFontsOnceSettled(islandReadsSettled());
    };
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          {/* The session's live updates are followed once, by the header that shows them. */}
          <IslandShell liveEvents={name === 'header'}>
            {ISLANDS[name]}
            <Hydrated onHydrated={onHydrated} />
          </IslandShell>
        </StrictMode>,
        {
          onRecoverableError: (error) => console.warn(`Island ${name} rendered again:`, error),
        },
      );
    });
  }
}

// Evaluating the modules is one task, React's renderer the next; each island's start is a task of
// its own.
void start();
