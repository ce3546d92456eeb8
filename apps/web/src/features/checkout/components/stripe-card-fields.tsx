import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  loadStripeJs,
  mountPaymentElement,
  type MountedPaymentForm,
  type StripeJs,
} from '../../../lib/stripe-payment';

/** What the checkout needs from a mounted Payment Element to pay. */
export interface StripeCardForm {
  stripe: StripeJs;
  form: MountedPaymentForm;
}

/**
 * Stripe's Payment Element (card), mounted once Stripe.js is loaded. The card details are typed
 * in Stripe's own frame and never reach our servers. `onReady` hands the form to the checkout
 * (null while loading or after a failure).
 */
export function StripeCardFields({
  publishableKey,
  amountCents,
  onReady,
  kind = 'rental',
}: {
  publishableKey: string;
  amountCents: number;
  onReady: (form: StripeCardForm | null) => void;
  /** A balance is captured at once and keeps no card. */
  kind?: 'rental' | 'balance';
}) {
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPaymentForm | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // The amount at mount time; later changes (a promo code) are pushed with update().
  const initialAmount = useRef(amountCents);

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (cancelled || !container.current) return;
        const form = mountPaymentElement(stripe, initialAmount.current, container.current, kind);
        mounted.current = form;
        form.element.on('ready', () => {
          if (cancelled) return;
          setState('ready');
          onReady({ stripe, form });
        });
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      onReady(null);
      mounted.current?.destroy();
      mounted.current = null;
    };
  }, [publishableKey, attempt, onReady, kind]);

  useEffect(() => {
    mounted.current?.elements.update({ amount: amountCents });
  }, [amountCents]);

  return (
    <div>
      {state === 'loading' && (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">Chargement du formulaire de paiement…</span>
          <div className="h-12 animate-pulse rounded-xl bg-mist/70" />
          <div className="grid grid-cols-2 gap-3">
            <div className="h-12 animate-pulse rounded-xl bg-mist/70" />
            <div className="h-12 animate-pulse rounded-xl bg-mist/70" />
          </div>
        </div>
      )}
      {state === 'failed' && (
        <div role="alert" className="rounded-2xl border border-danger/30 bg-danger/5 p-4 text-sm">
          <p className="font-semibold text-ink">
            Le formulaire de paiement n’a pas pu être chargé.
          </p>
          <p className="mt-1 text-graphite">Vérifiez votre connexion, puis réessayez.</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Réessayer
          </Button>
        </div>
      )}
      <div ref={container} hidden={state === 'failed'} />
    </div>
  );
}
