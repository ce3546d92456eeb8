import type { IdentityDecision, IdentityReviewItem } from '@vroum/core/rental-steps';
import { FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatAdminDate } from '../../../lib/format';
import { IdentityRejectionForm } from './identity-rejection-form';
import { Conditions, DriverComparison } from './identity-review-tables';

/**
 * One check waiting for the team: the customer and the booking, the documents side by side
 * (stacked on a phone), the driver given at checkout against what the customer entered, the
 * rental conditions computed by the server, and the decision.
 */
export function IdentityReviewItemCard({
  item,
  pending,
  onDecide,
}: {
  item: IdentityReviewItem;
  pending: boolean;
  onDecide: (decision: IdentityDecision) => void;
}) {
  const [refusing, setRefusing] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const backFromForm = useRef(false);
  useEffect(() => {
    if (refusing || !backFromForm.current) return;
    backFromForm.current = false;
    actionsRef.current?.querySelector('button')?.focus();
  }, [refusing]);
  const id = `identity-${item.checkId}`;

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="grid gap-5 rounded-2xl bg-paper p-4 ring-1 ring-mist md:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-name`} className="text-lg font-semibold text-ink">
            {item.customerName}
          </h3>
          <p className="text-sm break-all text-graphite">{item.email}</p>
        </div>
        <div className="text-sm text-graphite sm:text-right">
          <p>
            <span className="font-mono text-xs tracking-widest text-stone">
              {item.booking.reference}
            </span>{' '}
            · {item.booking.vehicleName}{' '}
            <span className="text-stone">· {item.booking.category}</span>
          </p>
          <p>Départ le {formatAdminDate(item.booking.pickupDate)}</p>
          {item.submittedAt && (
            <p className="text-xs text-stone">Envoyée le {formatAdminDate(item.submittedAt)}</p>
          )}
        </div>
      </header>

      <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
        {/* Named after the booking: the list shows several checks, each with these landmarks. */}
        <section aria-label={`Documents, réservation ${item.booking.reference}`}>
          {item.files.length === 0 ? (
            <p className="rounded-xl bg-ivory p-4 text-sm text-stone">Aucun document joint.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {item.files.map((file) => (
                <li key={file.id}>
                  <figure className="flex h-full flex-col gap-2 rounded-xl bg-ivory p-3 ring-1 ring-mist">
                    <figcaption
                      id={`${id}-file-${file.id}`}
                      className="text-sm font-semibold text-ink"
                    >
                      {file.label}
                    </figcaption>
                    {file.contentType === 'application/pdf' ? (
                      <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-lg bg-paper p-4 text-center">
                        <FileText className="h-8 w-8 text-gold-deep" aria-hidden="true" />
                        <a
                          href={file.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-describedby={`${id}-file-${file.id}`}
                          className="text-sm font-semibold text-ink underline underline-offset-4 hover:text-gold-deep"
                        >
                          Ouvrir le PDF
                        </a>
                      </div>
                    ) : (
                      <>
                        <img
                          src={file.url}
                          alt={file.label}
                          loading="lazy"
                          className="h-56 w-full rounded-lg bg-paper object-contain"
                        />
                        <a
                          href={file.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-describedby={`${id}-file-${file.id}`}
                          className="text-xs font-semibold text-graphite underline underline-offset-4 hover:text-gold-deep"
                        >
                          Agrandir
                        </a>
                      </>
                    )}
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="grid content-start gap-5">
          <DriverComparison item={item} />

          <Conditions conditions={item.conditions} reference={item.booking.reference} />
        </div>
      </div>

      {refusing ? (
        <IdentityRejectionForm
          idPrefix={id}
          customerName={item.customerName}
          pending={pending}
          onSubmit={onDecide}
          onCancel={() => {
            backFromForm.current = true;
            setRefusing(false);
          }}
        />
      ) : (
        <div ref={actionsRef} className="flex flex-wrap justify-end gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-describedby={`${id}-name`}
            onClick={() => setRefusing(true)}
          >
            Refuser
          </Button>
          <Button
            size="sm"
            disabled={pending}
            aria-describedby={`${id}-name`}
            onClick={() => onDecide({ decision: 'validate' })}
          >
            Valider
          </Button>
        </div>
      )}
    </article>
  );
}
