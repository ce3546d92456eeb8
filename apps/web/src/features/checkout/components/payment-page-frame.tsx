import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';

/** Where a payment after the rental stands once the server has read it again. */
export interface PaymentOutcome {
  status: 'paid' | 'pending' | 'failed';
}

/**
 * The outcome of a payment after the rental: set by the card form, or read again by the server
 * when the page comes back from the 3-D Secure page or Stripe's redirect (`?payment_intent=`),
 * once per return; `unknown` stands for an answer that did not come.
 */
export function useReturningPayment<T extends PaymentOutcome>(
  confirm: (intentId: string) => Promise<T>,
  unknown: () => T,
) {
  const [search] = useSearchParams();
  const returning = search.get('payment_intent');
  const [outcome, setOutcome] = useState<T | null>(null);
  useEffect(() => {
    if (!returning) return;
    confirm(returning).then(setOutcome, () => setOutcome(unknown()));
    // Once per return: `confirm` and `unknown` are new functions at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returning]);
  const settled = outcome?.status === 'paid' || outcome?.status === 'pending';
  return { returning, outcome, setOutcome, settled, waiting: returning !== null && !outcome };
}

/**
 * The page of a payment after the rental (a balance, an extension): its heading, the box of the
 * card form or of the outcome, and the way back to the booking until the payment is settled.
 */
export function PaymentPageFrame({
  eyebrow,
  title,
  intro,
  bookingId,
  settled,
  children,
}: {
  eyebrow: ReactNode;
  title: string;
  intro?: ReactNode;
  bookingId: string;
  settled: boolean;
  children: ReactNode;
}) {
  return (
    <section className="bg-ivory py-10 md:py-16">
      <div className="container-page max-w-2xl space-y-6">
        <div>
          <p className="eyebrow flex items-center gap-2">{eyebrow}</p>
          <h1 className="mt-2 font-display text-4xl text-ink md:text-5xl">{title}</h1>
          {intro && <p className="mt-3 text-graphite">{intro}</p>}
        </div>
        <div className="rounded-3xl bg-paper p-5 shadow-xl ring-1 shadow-ink/5 ring-mist sm:p-7">
          {children}
        </div>
        {!settled && (
          <ButtonLink to={`/reservation/${bookingId}`} variant="outline">
            Retour à ma réservation
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

/** The payment received (or waiting for the bank): what it did, and where to go next. */
export function PaymentDone({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className="text-center">
      <CheckCircle2 className="mx-auto h-10 w-10 text-success" aria-hidden="true" />
      <h2 className="mt-3 font-display text-3xl text-ink">{title}</h2>
      <p className="mt-2 text-sm text-graphite">{message}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

export const PENDING_MESSAGE =
  'Votre banque n’a pas encore confirmé le paiement\u00a0: nous vous écrivons dès qu’il est reçu.';
