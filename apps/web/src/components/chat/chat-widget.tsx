import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import type { ChatMessage } from '@vroum/core/chat';
import { ASSISTANT_NAME, CHAT_GREETING } from '@vroum/core/chat-text';
import { useCoversKeepClear } from './keep-clear';

const ChatPanel = lazy(() => import('./chat-panel'));

const STORAGE_KEY = 'vroum-chat';
/** Set while the panel is open: a page loaded anew (a link of the home page, a reload) opens it. */
const OPEN_KEY = 'vroum-chat-open';
const GREETING: ChatMessage = { role: 'assistant', content: CHAT_GREETING };

/** The conversation of this tab, kept while the visitor moves between pages (and on reload). */
function readConversation(): ChatMessage[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (Array.isArray(stored) && stored.length > 0) return stored as ChatMessage[];
  } catch {
    // Storage unavailable or corrupt: start over.
  }
  return [GREETING];
}

function readFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    if (on) sessionStorage.setItem(key, 'true');
    else sessionStorage.removeItem(key);
  } catch {
    // Private browsing without storage: the panel stays as it is while the page lasts.
  }
}

export interface ChatState {
  messages: ChatMessage[];
  setMessages: React.Dispatch<React.SetStateAction<ChatMessage[]>>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

/**
 * The support chat: a round button on every page, which steps aside while it would cover what a
 * page marks KEEP_CLEAR (keep-clear.ts), and rises above a bar fixed to the bottom of a phone's
 * screen (--bottom-bar, styles.css). The panel's code
 * loads on first open; the conversation and the 'reply in progress' flag live here, above the
 * router outlet, so they survive navigation and closing the panel. The conversation and whether
 * the panel is open are also kept in the tab's storage, for a page loaded anew.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>(readConversation);
  const [busy, setBusy] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Opened again after a page load: the focus stays where the page puts it.
  const [reopened, setReopened] = useState(false);
  // Over a signature pad or a booking's total (a phone's narrow screen), the button steps aside
  // until the page scrolls on; it stays while the panel is open or the keyboard is on it.
  const covers = useCoversKeepClear(buttonRef);
  const [focused, setFocused] = useState(false);
  const stepAside = covers && !open && !focused;

  // After hydration: the server renders the panel closed.
  useEffect(() => {
    if (readFlag(OPEN_KEY)) {
      setReopened(true);
      setOpen(true);
    }
  }, []);
  useEffect(() => writeFlag(OPEN_KEY, open), [open]);

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(messages));
    } catch {
      // Private browsing without storage: the conversation still lasts while the SPA runs.
    }
  }, [messages]);

  // The button gets the focus back once the panel is gone (a modal sheet keeps it inert till then).
  const returnFocus = useRef(false);
  const close = (focusButton = true) => {
    returnFocus.current = focusButton;
    setReopened(false);
    setOpen(false);
  };
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel
            id="chat-panel"
            title={ASSISTANT_NAME}
            onClose={close}
            takeFocus={!reopened}
            state={{ messages, setMessages, busy, setBusy }}
          />
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        onClick={() => (open ? close() : setOpen(true))}
        aria-expanded={open}
        aria-controls={open ? 'chat-panel' : undefined}
        aria-label={
          open
            ? `Fermer l’assistant ${ASSISTANT_NAME}`
            : `Discuter avec ${ASSISTANT_NAME}, notre assistant`
        }
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-stepped-aside={stepAside || undefined}
        className="fixed right-4 bottom-[calc(1rem+var(--bottom-bar,0px))] z-40 flex size-14 items-center justify-center rounded-full bg-ink text-gold shadow-lg transition-[color,background-color,opacity,visibility] hover:bg-graphite data-stepped-aside:invisible data-stepped-aside:opacity-0"
      >
        <MessageCircle aria-hidden="true" className="size-6" />
      </button>
    </>
  );
}
