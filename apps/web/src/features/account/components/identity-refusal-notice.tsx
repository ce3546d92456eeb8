import { useQuery } from '@tanstack/react-query';
import { IDENTITY_FILE_LABELS, type MyIdentity } from '@vroum/core/rental-steps';
import { FileWarning } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { site } from '../../../lib/site';

/**
 * A refused identity, told calmly on the profile: what the team refused and why, and the way to
 * send new documents (the identity page of the booking the check was for).
 */
export function IdentityRefusalNotice({ fallbackReason }: { fallbackReason: string | null }) {
  const identity = useQuery({
    queryKey: ['me', 'identity'],
    queryFn: ({ signal }) => apiRequest<MyIdentity>('/me/identity', { signal }),
  });
  const refusal = identity.data?.refusal;
  const reason = refusal?.reason ?? fallbackReason;
  const files = refusal?.refusedFiles ?? [];
  return (
    <section
      aria-labelledby="identity-refusal-title"
      className="mt-8 flex gap-4 rounded-2xl bg-paper p-6 ring-1 ring-gold/40"
    >
      <FileWarning className="mt-1 h-6 w-6 shrink-0 text-gold-deep" aria-hidden="true" />
      <div>
        <h2 id="identity-refusal-title" className="font-semibold text-ink">
          Vos documents d’identité sont à renvoyer
        </h2>
        <p className="mt-2 text-sm text-graphite">
          Notre équipe n’a pas pu valider votre identité
          {reason ? <>&nbsp;: {reason}.</> : '.'}
        </p>
        {files.length > 0 && (
          <p className="mt-1 text-sm text-graphite">
            À renvoyer&nbsp;:{' '}
            {files.map((file) => IDENTITY_FILE_LABELS[file].toLowerCase()).join(', ')}. Vos autres
            documents sont gardés.
          </p>
        )}
        {refusal?.bookingId ? (
          <ButtonLink to={`/reservation/${refusal.bookingId}/identite`} size="sm" className="mt-4">
            Envoyer de nouveaux documents
          </ButtonLink>
        ) : (
          <p className="mt-2 text-sm text-graphite">
            Une question&nbsp;? Notre équipe vous répond au {site.phone}.
          </p>
        )}
      </div>
    </section>
  );
}
