import { ArrowLeft, Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { hintClass, inputClass, labelClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { Link } from '../../lib/navigation';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { lookupBooking } from './api';
import { EmailField } from '../../components/ui/email-field';
import { useFormState, type Checked } from '../../components/form/use-form-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^[0-9a-f]{8}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Lookup {
  number: string;
  email: string;
}

/** A booking's number (its reference or its whole id) and an e-mail address, as typed. */
function checkLookup({ number, email }: Lookup): Checked<Lookup> {
  const trimmed = number.trim();
  const errors = {
    number:
      UUID.test(trimmed) || REFERENCE.test(trimmed) ? undefined : 'Numéro de réservation invalide',
    email: EMAIL.test(email.trim()) ? undefined : 'Adresse e-mail invalide',
  };
  return errors.number || errors.email
    ? { ok: false, errors }
    : { ok: true, input: { number: trimmed, email } };
}

/** /gerer-reservation: find a booking with its number and the e-mail used to book it. */
export function ManageBookingPage() {
  usePageMeta(
    'Gérez votre réservation',
    'Retrouvez votre réservation avec son numéro et votre e-mail.',
  );
  const navigate = useNavigate();
  const form = useFormState({
    initial: { number: '', email: '' },
    check: checkLookup,
    save: ({ number, email }) => lookupBooking(number, email),
    onSaved: (booking) => void navigate(`/reservation/${booking.id}`, { state: { booking } }),
    failed: (error) => {
      if (error instanceof ApiRequestError && error.status === 404) {
        notify.error('Réservation introuvable', 'Aucune réservation ne correspond à ce numéro.');
      } else {
        notify.error(
          'Erreur',
          'Une erreur est survenue lors de la recherche de votre réservation.',
        );
      }
    },
  });
  const { errors, busy } = form;

  return (
    <section className="bg-ivory py-12 md:py-20">
      <div className="container-page max-w-xl">
        <Link to="/" className="inline-flex items-center gap-2 text-sm text-stone hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour à l’accueil
        </Link>
        <h1 className="mt-6 font-display text-5xl text-ink">Gérez votre réservation</h1>
        <p className="mt-3 text-graphite">
          Saisissez le numéro de réservation reçu par e-mail et l’adresse e-mail utilisée pour
          réserver.
        </p>
        <form
          onSubmit={form.submit}
          noValidate
          aria-label="Rechercher une réservation"
          className="mt-8 space-y-5 rounded-3xl bg-paper p-6 shadow-xl shadow-ink/5 ring-1 ring-mist md:p-8"
        >
          <div>
            <label htmlFor="booking-number" className={labelClass}>
              Numéro de réservation
            </label>
            <input
              id="booking-number"
              {...form.bind('number')}
              aria-invalid={errors.number ? true : undefined}
              aria-describedby={errors.number ? 'booking-number-error' : 'booking-number-hint'}
              autoComplete="off"
              className={inputClass}
            />
            {errors.number ? (
              <p id="booking-number-error" className="mt-1.5 text-sm text-danger">
                {errors.number}
              </p>
            ) : (
              <p id="booking-number-hint" className={hintClass}>
                Référence à 8 caractères (ex. 3F0C8A8E) ou numéro complet.
              </p>
            )}
          </div>
          <EmailField id="booking-email" {...form.bind('email')} error={errors.email} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            <Search className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Recherche...' : 'Suivant'}
          </Button>
        </form>
      </div>
    </section>
  );
}

export { ManageBookingPage as Component };
