import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AccountDeletionRequest } from '@vroum/core/data-rights';
import { schemaCheck, useForm } from '../../../components/form/use-form';
import { Button, buttonClass } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { apiRequest } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { Link } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';
import { PasswordField } from './password-field';

/** The password and the box that says the deletion is understood, then the account goes. */
function DeletionForm({ onCancel }: { onCancel: () => void }) {
  const signOut = useSignOut();
  const { values, bind, bindChecked, errors, busy, submit } = useForm({
    idPrefix: 'account-deletion',
    initial: { password: '', confirm: false },
    check: (form) => schemaCheck(AccountDeletionRequest.safeParse(form)),
    save: (input) => apiRequest<void>('/me/account/delete', { method: 'POST', body: input }),
    onSaved: () => {
      notify.success('Compte supprimé', 'Un e-mail vous confirme la suppression.');
      signOut();
    },
    failed: 'Suppression impossible',
  });
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="text-sm text-graphite">
        Vos justificatifs, votre profil, vos favoris, vos avis et vos notifications seront effacés
        et vous ne pourrez plus vous connecter. Vos factures, avoirs, contrats et procès-verbaux
        sont conservés 10&nbsp;ans comme la loi l’exige, sans lien avec un compte.
      </p>
      <PasswordField
        id="account-deletion-password"
        label="Mot de passe actuel"
        {...bind('password')}
        autoComplete="current-password"
      />
      {errors.password && (
        <p className="text-sm text-danger" role="alert">
          {errors.password}
        </p>
      )}
      <div>
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            id="account-deletion-confirm"
            className="mt-1 h-4 w-4 accent-ink"
            {...bindChecked('confirm')}
          />
          <span>Je comprends que la suppression de mon compte est définitive.</span>
        </label>
        {errors.confirm && (
          <p className="mt-1 text-sm text-danger" role="alert">
            {errors.confirm}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
        <Button
          type="submit"
          className="bg-danger! text-paper hover:bg-danger/90!"
          disabled={busy || !values.password || !values.confirm}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {busy ? 'Suppression…' : 'Supprimer définitivement'}
        </Button>
      </div>
    </form>
  );
}

/** At the bottom of the Informations tab: a copy of one's data, and the account's deletion. */
export function DataRights() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="data-rights-title" className="mt-12 border-t border-mist pt-10">
      <h2 id="data-rights-title" className="font-display text-3xl text-ink">
        Mes données
      </h2>
      <p className="mt-3 max-w-2xl text-sm text-graphite">
        Ce que nous conservons, combien de temps et pourquoi est expliqué dans notre{' '}
        <Link to="/politique-confidentialite" className="underline underline-offset-4">
          politique de confidentialité
        </Link>
        .
      </p>
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <div className="space-y-3">
          <h3 className="font-display text-2xl text-ink">Copie de mes données</h3>
          <p className="text-sm text-graphite">
            Un fichier ZIP avec votre profil, vos réservations, vos documents, vos contrats, vos
            factures, vos messages et vos notifications (JSON), et les PDF de vos contrats et
            factures.
          </p>
          <a href="/api/v1/me/data-export" download className={buttonClass('outline')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Télécharger mes données
          </a>
        </div>
        <div className="space-y-3">
          <h3 className="font-display text-2xl text-ink">Suppression du compte</h3>
          <p className="text-sm text-graphite">
            Possible lorsqu’aucune location n’est à venir ou en cours et qu’aucun solde ni aucune
            contestation n’est en attente.
          </p>
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Supprimer mon compte
          </Button>
        </div>
      </div>
      <ModalDialog open={deleting} onClose={() => setDeleting(false)} title="Supprimer mon compte">
        <DeletionForm onCancel={() => setDeleting(false)} />
      </ModalDialog>
    </section>
  );
}
