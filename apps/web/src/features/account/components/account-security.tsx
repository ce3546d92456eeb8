import { ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { EmailChangeForm } from './email-change-form';
import { PasswordChangeForm } from './password-change-form';
import { SessionsList } from './sessions-list';

/** Under the profile form: the password, the address, the second factor and the devices signed in. */
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
      <div className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-mist pt-8">
        <div>
          <h3 className="font-display text-2xl text-ink">Second facteur</h3>
          <p className="mt-1 text-sm text-graphite">
            Une application d’authentification ou une clé d’accès, en plus du mot de passe.
          </p>
        </div>
        <ButtonLink to="/securite/second-facteur" variant="outline">
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          Gérer le second facteur
        </ButtonLink>
      </div>
      <div className="mt-10 border-t border-mist pt-8">
        <SessionsList />
      </div>
    </section>
  );
}
