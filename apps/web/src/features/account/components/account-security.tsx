import { EmailChangeForm } from './email-change-form';
import { PasswordChangeForm } from './password-change-form';
import { SessionsList } from './sessions-list';

/** Under the profile form: the password, the address and the devices signed in. */
export function AccountSecurity() {
  return (
    <section aria-labelledby="security-title" className="mt-12 border-t border-mist pt-10">
      <h2 id="security-title" className="font-display text-3xl text-ink">
        Connexion et sécurité
      </h2>
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <PasswordChangeForm />
        <EmailChangeForm />
      </div>
      <div className="mt-10 border-t border-mist pt-8">
        <SessionsList />
      </div>
    </section>
  );
}
