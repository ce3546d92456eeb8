import type { IdentityDecision, IdentityReviewItem } from '@vroum/core/rental-steps';
import { clsx } from 'clsx';
import { IdCard } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useDecideIdentity, useIdentityQueue } from '../api/rental-steps-api';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { IdentityReviewItemCard } from './identity-review-item';
import { errorMessage, LoadError, Loading } from './states';

const TITLE = 'Vérifications d’identité';
const OPEN_PARAM = 'identites';

/**
 * Opens the team's queue of identity checks, with the number waiting. Shown in the Utilisateurs
 * and Réservations tabs: the console keeps its five tabs.
 */
export function IdentityReviewButton() {
  // The dashboard's link opens the queue at once ('?dialogue=identites'); closing it forgets that.
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(params.get('dialogue') === OPEN_PARAM);
  const close = () => {
    setOpen(false);
    if (params.get('dialogue') !== OPEN_PARAM) return;
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete('dialogue');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const queue = useIdentityQueue();
  const count = queue.data?.pendingCount;

  return (
    <>
      <Button
        variant="gold"
        size="sm"
        aria-haspopup="dialog"
        aria-label={count === undefined ? TITLE : `${TITLE} (${count} en attente)`}
        onClick={() => setOpen(true)}
      >
        <IdCard className="h-4 w-4" aria-hidden="true" />
        {TITLE}
        {count !== undefined && (
          <span
            aria-hidden="true"
            className={clsx(
              'inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-bold',
              count > 0 ? 'bg-ink text-paper' : 'bg-paper/70 text-graphite',
            )}
          >
            {count}
          </span>
        )}
      </Button>
      <ModalDialog open={open} onClose={close} title={TITLE} wide>
        <ReviewQueue />
      </ModalDialog>
    </>
  );
}

type Feedback = { tone: 'success' | 'error'; text: string };

/** The checks waiting, oldest first; each decision re-reads the queue. */
function ReviewQueue() {
  const queue = useIdentityQueue();
  const decide = useDecideIdentity();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (queue.isPending) return <Loading />;
  if (queue.isError) {
    return <LoadError message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} />;
  }

  const onDecide = (item: IdentityReviewItem, decision: IdentityDecision) => {
    setFeedback(null);
    decide.mutate(
      { checkId: item.checkId, bookingId: item.booking.id, decision },
      {
        onSuccess: () => {
          const message =
            decision.decision === 'validate' ? 'Identité validée' : 'Identité refusée';
          notify.success('Succès', message);
          setFeedback({ tone: 'success', text: `${message}\u00a0: ${item.customerName}.` });
          statusRef.current?.focus();
        },
        onError: (error) => {
          notify.error('Erreur', errorMessage(error));
          setFeedback({ tone: 'error', text: errorMessage(error) });
          statusRef.current?.focus();
        },
      },
    );
  };

  const { items, pendingCount } = queue.data;
  return (
    <div className="grid gap-4">
      <p
        ref={statusRef}
        tabIndex={-1}
        className="rounded-2xl bg-ivory px-4 py-3 text-sm text-graphite outline-none focus-visible:ring-2 focus-visible:ring-gold"
      >
        {pendingCount === 0
          ? 'Aucune vérification en attente.'
          : `${pendingCount} vérification${pendingCount > 1 ? 's' : ''} en attente, la plus ancienne en premier.`}
      </p>
      <div aria-live="polite">
        {feedback && (
          <p
            role={feedback.tone === 'error' ? 'alert' : undefined}
            className={clsx(
              'rounded-2xl px-4 py-3 text-sm font-semibold',
              feedback.tone === 'error' ? 'bg-danger/10 text-danger' : 'bg-success/10 text-success',
            )}
          >
            {feedback.text}
          </p>
        )}
      </div>
      {items.length > 0 && (
        <ul className="grid gap-4" aria-label="Vérifications en attente">
          {items.map((item) => (
            <li key={item.checkId}>
              <IdentityReviewItemCard
                item={item}
                pending={decide.isPending}
                onDecide={(decision) => onDecide(item, decision)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
