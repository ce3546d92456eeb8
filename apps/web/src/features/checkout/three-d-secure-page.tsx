import { useQuery } from '@tanstack/react-query';
import { Landmark, LockKeyhole, ShieldAlert } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { formatEuros, formatLongDate } from '../../lib/format';
import { Link } from '../../lib/navigation';
import { site } from '../../lib/site';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { authenticateSandboxIntent, fetchSandboxIntent } from './api/sandbox';
import { MESSAGES, PAYMENT_ERROR_TITLE } from './checkout-messages';
import { clearChallenge, readChallenge, type PendingChallenge } from './checkout-storage';
import { confirmationPath } from './use-checkout-payment';

/** Where an approved challenge leads: the balance's page, or the booking's confirmation. */
const afterChallenge = (challenge: PendingChallenge) =>
  challenge.returnTo?.startsWith('/reservation/')
    ? `${challenge.returnTo}?payment_intent=${encodeURIComponent(challenge.intentId)}`
    : confirmationPath(challenge.intentId);

/**
 * /paiement/3ds/{intentId}: the card issuer's 3-D Secure challenge, as the built-in processor
 * plays it ('mode démonstration'). The client secret comes from the tab's session storage, where
 * checkout left it; it never travels in the URL.
 */
export function ThreeDSecurePage() {
  usePageMeta('Authentification 3-D Secure');
  const { intentId = '' } = useParams();
  const [challenge] = useState(() => readChallenge(intentId));
  return (
    <section className="bg-ivory py-10 md:py-16">
      <div className="container-page max-w-lg">
        {challenge ? <Challenge challenge={challenge} /> : <MissingChallenge />}
      </div>
    </section>
  );
}

function MissingChallenge() {
  return (
    <div className="rounded-3xl bg-paper p-6 text-center shadow-xl ring-1 shadow-ink/5 ring-mist md:p-10">
      <ShieldAlert className="mx-auto h-10 w-10 text-gold-deep" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl text-ink">Authentification impossible</h1>
      <p className="mt-3 text-sm leading-relaxed text-graphite">
        Cette page d’authentification n’est plus valable dans cet onglet&nbsp;: elle s’ouvre
        uniquement depuis le paiement de votre réservation. Aucun montant n’a été débité. Retrouvez
        vos réservations dans votre espace client.
      </p>
      <ButtonLink to="/profil" className="mt-6">
        Accéder à mon profil
      </ButtonLink>
    </div>
  );
}

function Challenge({ challenge }: { challenge: PendingChallenge }) {
  const navigate = useNavigate();
  const [answering, setAnswering] = useState<'approve' | 'refuse' | null>(null);
  const intent = useQuery({
    queryKey: ['sandbox-intent', challenge.intentId],
    queryFn: ({ signal }) => fetchSandboxIntent(challenge.intentId, challenge.clientSecret, signal),
    retry: false,
    staleTime: 0,
  });
  const status = intent.data?.status;

  // Already answered (a reload, Back): go on to where the answer led.
  useEffect(() => {
    if (status === 'requires_capture' || status === 'succeeded') {
      clearChallenge();
      void navigate(afterChallenge(challenge), { replace: true });
    }
  }, [status, challenge, navigate]);

  const answer = async (approved: boolean) => {
    setAnswering(approved ? 'approve' : 'refuse');
    try {
      const result = await authenticateSandboxIntent(
        challenge.intentId,
        challenge.clientSecret,
        approved,
      );
      if (result.status === 'requires_capture' || result.status === 'succeeded') {
        clearChallenge();
        void navigate(afterChallenge(challenge), { replace: true });
        return;
      }
      notify.error(...MESSAGES.unexpected);
      void navigate(challenge.returnTo ?? '/checkout', { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 402) {
        // Refused: back to checkout (its state is in session storage) to try again.
        clearChallenge();
        notify.error(PAYMENT_ERROR_TITLE, error.message);
        void navigate(challenge.returnTo ?? '/checkout', { replace: true });
        return;
      }
      notify.error(...MESSAGES.unexpected);
      setAnswering(null);
    }
  };

  if (intent.isError) {
    const gone = intent.error instanceof ApiRequestError && intent.error.status === 404;
    return gone ? <MissingChallenge /> : <LoadFailed />;
  }
  const waiting = status === undefined || status !== 'requires_action';
  const stale = status !== undefined && status !== 'requires_action' && !answering;

  return (
    <div className="overflow-hidden rounded-3xl bg-paper shadow-xl ring-1 shadow-ink/5 ring-mist">
      <div className="flex items-center justify-between gap-3 bg-ink px-5 py-4 text-paper md:px-7">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold sm:text-base">
          <Landmark className="h-5 w-5 shrink-0 text-gold" aria-hidden="true" />
          Banque de démonstration
        </p>
        <span className="shrink-0 rounded-full bg-gold px-3 py-1 text-xs font-semibold whitespace-nowrap text-ink">
          Mode démonstration
        </span>
      </div>
      <div className="px-5 py-6 md:px-7 md:py-8">
        <p className="eyebrow flex items-center gap-2">
          <LockKeyhole className="h-3.5 w-3.5" aria-hidden="true" />
          Vérification 3-D Secure
        </p>
        <h1 className="mt-3 font-display text-3xl leading-tight text-ink md:text-4xl">
          Confirmez votre paiement
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-graphite">
          Votre banque vous demande de confirmer ce paiement. En temps normal, vous le valideriez
          dans l’application de votre banque ou avec un code reçu par SMS&nbsp;; en mode
          démonstration, choisissez simplement l’issue de l’authentification.
        </p>
        <dl className="mt-6 divide-y divide-mist rounded-2xl bg-ivory px-4 text-sm ring-1 ring-mist">
          <Row label="Marchand">{site.brandName}</Row>
          <Row label="Montant">
            {intent.data ? (
              <span className="font-display text-xl font-semibold">
                {formatEuros(intent.data.amountCents)}
              </span>
            ) : (
              '…'
            )}
          </Row>
          <Row label="Date">{formatLongDate(new Date().toISOString())}</Row>
          <Row label="Carte">•••• {challenge.last4}</Row>
        </dl>
        {stale ? (
          <div className="mt-6 text-sm text-graphite" role="alert">
            <p>Cette authentification n’est plus en attente.</p>
            <Link to="/checkout" className="mt-2 inline-block font-semibold text-ink underline">
              Retour au paiement
            </Link>
          </div>
        ) : (
          <div className="mt-8 grid grid-cols-2 gap-3">
            <Button
              variant="outline"
              size="lg"
              disabled={waiting || answering !== null}
              onClick={() => void answer(false)}
            >
              {answering === 'refuse' ? 'Refus…' : 'Refuser'}
            </Button>
            <Button
              size="lg"
              disabled={waiting || answering !== null}
              onClick={() => void answer(true)}
            >
              {answering === 'approve' ? 'Validation…' : 'Valider'}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

function LoadFailed() {
  return (
    <div className="rounded-3xl bg-paper p-6 text-center shadow-xl ring-1 shadow-ink/5 ring-mist md:p-10">
      <ShieldAlert className="mx-auto h-10 w-10 text-gold-deep" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl text-ink">Service momentanément indisponible</h1>
      <p className="mt-3 text-sm text-graphite">
        Impossible de joindre le service d’authentification. Veuillez réessayer.
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Réessayer
      </Button>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-stone">{label}</dt>
      <dd className="text-right font-semibold text-ink">{children}</dd>
    </div>
  );
}

export { ThreeDSecurePage as Component };
