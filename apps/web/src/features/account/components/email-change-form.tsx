import { useState } from 'react';
import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth/auth-context';
import { confirmEmailChange, requestEmailChange } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';

/** The new address, then the 6-digit code it received; the old address is told by mail. */
export function EmailChangeForm() {
  const { refresh } = useAuth();
  const [pending, setPending] = useState<string | null>(null);
  const ask = useForm({
    idPrefix: 'email-change',
    initial: { email: '' },
    save: ({ email }) => requestEmailChange(email.trim()).then(() => email.trim()),
    onSaved: (email) => {
      notify.info('Code envoyé', `Saisissez le code à 6 chiffres envoyé à ${email}.`);
      setPending(email);
    },
    failed: 'Modification impossible',
  });
  const confirm = useForm({
    idPrefix: 'email-code',
    initial: { code: '' },
    save: ({ code }) => confirmEmailChange(pending ?? '', code),
    onSaved: () => {
      notify.success('Adresse e-mail modifiée', `Votre compte utilise désormais ${pending ?? ''}.`);
      setPending(null);
      ask.set('email', '');
      confirm.set('code', '');
      void refresh();
    },
    failed: 'Erreur de vérification',
  });

  return (
    <section aria-labelledby="email-change-title" className="space-y-4">
      <h3 id="email-change-title" className="font-display text-2xl text-ink">
        Adresse e-mail
      </h3>
      <p className="text-sm text-graphite">
        {
          'Un code à 6 chiffres est envoyé à la nouvelle adresse pour la confirmer\u00a0; l’adresse actuelle, affichée en haut de la page, est prévenue du changement.'
        }
      </p>
      {pending ? (
        <form onSubmit={confirm.submit} className="space-y-4" aria-label="Code de confirmation">
          <p className="text-sm text-graphite">
            Code envoyé à <strong className="break-words">{pending}</strong>.
          </p>
          <div>
            <label htmlFor="email-code-code" className={labelClass}>
              Code à 6 chiffres
            </label>
            <input
              id="email-code-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={confirm.values.code}
              onChange={(event) =>
                confirm.set('code', event.target.value.replace(/\D/g, '').slice(0, 6))
              }
              className={`${inputClass} tracking-[0.4em]`}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={confirm.busy || confirm.values.code.length !== 6}>
              {confirm.busy ? 'Vérification…' : 'Confirmer la nouvelle adresse'}
            </Button>
            <Button variant="ghost" onClick={() => setPending(null)}>
              Annuler
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={ask.submit} className="space-y-4" aria-label="Changer d’adresse e-mail">
          <div>
            <label htmlFor="email-change-email" className={labelClass}>
              Nouvelle adresse e-mail
            </label>
            <input
              id="email-change-email"
              type="email"
              autoComplete="email"
              required
              {...ask.bind('email')}
              className={inputClass}
            />
          </div>
          <Button type="submit" disabled={ask.busy || !ask.values.email}>
            {ask.busy ? 'Envoi…' : 'Recevoir un code'}
          </Button>
        </form>
      )}
    </section>
  );
}
