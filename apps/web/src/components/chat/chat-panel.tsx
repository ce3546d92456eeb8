import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Send, X } from 'lucide-react';
import type { ChatMessage } from '@vroum/core/chat';
import { CHAT_MAX_CONTENT_LENGTH, CHAT_MAX_MESSAGES } from '@vroum/core/chat-text';
import { AssistantText } from './chat-message';
import { streamChatReply } from './chat-stream';
import type { ChatState } from './chat-widget';
import { useChatDialog } from './use-chat-dialog';

/** What the assistant says when its reply fails. */
const FAILURE = "Désolé, une erreur s'est produite. Veuillez réessayer.";
const THINKING = 'Vroum réfléchit...';

/**
 * The chat panel: title, messages, 'Vroum réfléchit...' while waiting, the reply streamed into the
 * last message, an input and a send button. A blank message is ignored and nothing is sent while
 * a reply is streaming. Escape closes it. On a phone it is a full-screen sheet (a modal dialog:
 * focus kept inside, the page behind neither reachable nor scrolling), and following a link to a
 * page closes it so the page shows; on a wider screen a panel beside the page.
 */
export default function ChatPanel({
  id,
  title,
  onClose,
  state,
  takeFocus = true,
}: {
  id: string;
  title: string;
  /** Closes the panel; the focus goes back to the chat button unless `returnFocus` is false. */
  onClose: (returnFocus?: boolean) => void;
  state: ChatState;
  /** Puts the focus in the message field as it opens (not when it opens again with a page). */
  takeFocus?: boolean;
}) {
  const { messages, setMessages, busy, setBusy } = state;
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const waiting = busy && messages.at(-1)?.role === 'user';

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

  const noFocus = useRef<HTMLElement>(null);
  const { dialogRef, sheet } = useChatDialog(onClose, takeFocus ? inputRef : noFocus);

  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      ref={dialogRef}
      className="fixed inset-0 z-40 m-0 hidden h-dvh max-h-none w-full max-w-none flex-col overflow-hidden bg-paper p-0 text-ink open:flex backdrop:bg-ink/60 sm:top-auto sm:right-4 sm:bottom-22 sm:left-auto sm:h-auto sm:max-h-[min(500px,calc(100dvh-7rem))] sm:w-[calc(100vw-2rem)] sm:max-w-sm sm:rounded-2xl sm:border sm:border-mist sm:shadow-2xl"
    >
      {/* Not a <header>: inside a dialog it would count as a second banner of the page. */}
      <div className="flex items-center justify-between bg-ink px-4 py-3 text-paper">
        <h2 id={`${id}-title`} className="font-display text-xl">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => onClose()}
          aria-label="Fermer"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-paper hover:text-gold sm:size-8"
        >
          <X aria-hidden="true" className="size-6 sm:size-5" />
        </button>
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        className="flex min-h-40 flex-1 flex-col gap-3 overflow-y-auto overscroll-contain px-4 py-4 text-base sm:text-sm"
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
            <span className="sr-only">
              {message.role === 'user' ? 'Vous\u00a0: ' : `${title}\u00a0: `}
            </span>
            {message.role === 'assistant' ? (
              <AssistantText
                text={message.content}
                onFollow={() => {
                  // On a phone the sheet covers the page the link opens: it steps aside.
                  if (sheet) onClose(false);
                }}
              />
            ) : (
              message.content
            )}
          </p>
        ))}
        {waiting && (
          <p role="status" className="self-start text-stone italic">
            {THINKING}
          </p>
        )}
        <div ref={endRef} />
      </div>
      <form
        onSubmit={(event) => void send(event)}
        className="flex items-center gap-2 border-t border-mist p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      >
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
    </dialog>
  );
}
