import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Send, X } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatMessage } from '@vroum/core/chat';
import { CHAT_MAX_CONTENT_LENGTH, CHAT_MAX_MESSAGES } from '@vroum/core/chat-text';
import { streamChatReply } from './chat-stream';
import type { ChatState } from './chat-widget';

/** SPEC §8 Chat failure. */
const FAILURE = "Désolé, une erreur s'est produite. Veuillez réessayer.";
const THINKING = 'Vroum réfléchit...';

/**
 * The chat panel (SPEC §2): title, messages, 'Vroum réfléchit...' while waiting, the reply
 * streamed into the last message, an input and a send button. A blank message is ignored and
 * nothing is sent while a reply is streaming. Escape closes it.
 */
export default function ChatPanel({
  id,
  title,
  onClose,
  state,
}: {
  id: string;
  title: string;
  onClose: () => void;
  state: ChatState;
}) {
  const { messages, setMessages, busy, setBusy } = state;
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const waiting = busy && messages.at(-1)?.role === 'user';

  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages, waiting]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const content = draft.trim();
    if (!content || busy) return;
    const history: ChatMessage[] = [...messages, { role: 'user', content }];
    setMessages(history);
    setDraft('');
    setBusy(true);
    let started = false;
    try {
      await streamChatReply(history.slice(-CHAT_MAX_MESSAGES), (piece) => {
        setMessages((current) => {
          if (!started) {
            started = true;
            return [...current, { role: 'assistant', content: piece }];
          }
          const last = current.at(-1)!;
          return [...current.slice(0, -1), { ...last, content: last.content + piece }];
        });
      });
    } catch {
      setMessages((current) => [...current, { role: 'assistant', content: FAILURE }]);
    } finally {
      setBusy(false);
    }
  }

  // Escape closes the panel while the focus is in it (focus then returns to the button).
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    panel?.addEventListener('keydown', onKeyDown);
    return () => panel?.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      ref={panelRef}
      className="fixed right-4 bottom-22 z-40 flex max-h-[min(500px,calc(100dvh-7rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-mist bg-paper shadow-2xl"
    >
      {/* Not a <header>: inside a dialog it would count as a second banner of the page. */}
      <div className="flex items-center justify-between bg-ink px-4 py-3 text-paper">
        <h2 id={`${id}-title`} className="font-display text-xl">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Fermer"
          className="rounded-full p-1 text-paper hover:text-gold"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        className="flex min-h-40 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4 text-sm"
      >
        {messages.map((message, index) => (
          <p
            key={index}
            className={
              message.role === 'user'
                ? 'max-w-[85%] self-end rounded-2xl rounded-br-sm bg-ink px-3 py-2 whitespace-pre-line text-paper'
                : 'max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-ivory px-3 py-2 whitespace-pre-line text-ink'
            }
          >
            <span className="sr-only">{message.role === 'user' ? 'Vous : ' : `${title} : `}</span>
            {message.role === 'assistant' ? <LinkedText text={message.content} /> : message.content}
          </p>
        ))}
        {waiting && (
          <p role="status" className="self-start text-stone italic">
            {THINKING}
          </p>
        )}
        <div ref={endRef} />
      </div>
      <form onSubmit={send} className="flex items-center gap-2 border-t border-mist p-3">
        <label htmlFor={`${id}-input`} className="sr-only">
          Votre message
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Votre message..."
          maxLength={CHAT_MAX_CONTENT_LENGTH}
          autoComplete="off"
          className="h-11 min-w-0 flex-1 rounded-full border border-mist bg-white px-4 text-base sm:text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          aria-label="Envoyer"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold text-ink hover:bg-[#d8bd84] disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send aria-hidden="true" className="size-5" />
        </button>
      </form>
    </section>
  );
}

const LINK =
  /(https?:\/\/[^\s)]+[^\s).,;:!?]|\/(?:vehicule|flotte|conditions|comment-ca-marche|gerer-reservation|recherche|profil)(?:[/?=][^\s·,;)]*[^\s·,;).:!?])?)/g;

/** The assistant cites pages ('/vehicule/porsche-panamera') and the messaging link: as links. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return parts.map((part, index) => {
    if (index % 2 === 0) return part;
    return part.startsWith('/') ? (
      <Link key={index} to={part} className="underline underline-offset-2">
        {part}
      </Link>
    ) : (
      <a
        key={index}
        href={part}
        target="_blank"
        rel="noopener noreferrer"
        className="underline underline-offset-2"
      >
        {part}
      </a>
    );
  });
}
