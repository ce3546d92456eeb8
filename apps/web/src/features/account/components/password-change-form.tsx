import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { changePassword } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { useRefreshSessions } from '../api/sessions';
import { checkNewPassword, PASSWORD_HINT } from './new-password-rules';
import { PasswordField } from './password-field';

const REFUSED = 'Modification impossible';

/** The current password, then the new one twice; the other devices are signed out. */
export function PasswordChangeForm() {
  const refreshSessions = useRefreshSessions();
  const { values, set, bind, busy, submit } = useForm({
    idPrefix: 'password-change',
    initial: { current: '', password: '', confirmation: '' },
    check: ({ current, password, confirmation }) =>
      checkNewPassword(password, confirmation, REFUSED, { current, password }),
    save: ({ current, password }) => changePassword(current, password),
    onSaved: () => {
      notify.success('Mot de passe modifié', 'Vos autres appareils ont été déconnectés.');
      set('current', '');
      set('password', '');
      set('confirmation', '');
      void refreshSessions();
    },
    failed: REFUSED,
  });
  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="password-change-title">
      <h3 id="password-change-title" className="font-display text-2xl text-ink">
        Mot de passe
      </h3>
      <PasswordField
        id="password-change-current"
        label="Mot de passe actuel"
        {...bind('current')}
        autoComplete="current-password"
      />
      <PasswordField
        id="password-change-new"
        label="Nouveau mot de passe"
        {...bind('password')}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <PasswordField
        id="password-change-confirmation"
        label="Confirmez le nouveau mot de passe"
        {...bind('confirmation')}
        autoComplete="new-password"
      />
      <Button type="submit" disabled={busy || !values.current || !values.password}>
        {busy ? 'Enregistrement…' : 'Changer le mot de passe'}
      </Button>
    </form>
  );
}
