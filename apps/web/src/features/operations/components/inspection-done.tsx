import type { ReturnRecorded } from '@vroum/core/operations';
import { formatEuros } from '../../../lib/format';

/** What the agent sees once the inspection is recorded: the outcome and the signed report. */
export function InspectionDone({
  delivering,
  reportUrl,
  returned,
}: {
  delivering: boolean;
  reportUrl: string;
  returned?: ReturnRecorded;
}) {
  const awaiting = returned?.damage?.awaitingApproval ?? false;
  return (
    <div role="status" className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <p className="font-display text-2xl text-ink">
        {delivering ? 'Véhicule remis' : 'Véhicule restitué'}
      </p>
      <p className="mt-2 text-sm">
        {delivering
          ? 'La location est en cours. Le client reçoit le procès-verbal signé.'
          : awaiting
            ? 'Le client reçoit le procès-verbal signé et le détail des montants. Rien n’est prélevé avant qu’un administrateur ait validé les dommages.'
            : 'La location est terminée. Le client reçoit le procès-verbal signé.'}
      </p>
      {returned && (
        <dl className="mt-3 grid gap-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt>Kilomètres parcourus</dt>
            <dd>{returned.charges.drivenKm} km</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold text-ink">
            <dt>{returned.damage ? 'Kilomètres et carburant' : 'Montant dû'}</dt>
            <dd>{formatEuros(returned.charges.totalCents)}</dd>
          </div>
          {returned.damage && (
            <>
              <div className="flex justify-between gap-4">
                <dt>Dommages estimés</dt>
                <dd>{formatEuros(returned.damage.assessedCents)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>
                  {returned.damage.chargeableCents === 0
                    ? 'Couverts par la protection'
                    : awaiting
                      ? 'Facturable dans la franchise, à valider'
                      : 'Facturable dans la franchise, décidé'}
                </dt>
                <dd>
                  {formatEuros(
                    returned.damage.chargeableCents === 0
                      ? returned.damage.assessedCents
                      : returned.damage.chargeableCents,
                  )}
                </dd>
              </div>
            </>
          )}
          {returned.promoCode && (
            <div className="flex justify-between gap-4">
              <dt>Code offert au client</dt>
              <dd className="font-mono">{returned.promoCode}</dd>
            </div>
          )}
        </dl>
      )}
      <a
        className="mt-3 inline-block text-gold-deep underline"
        href={reportUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        {delivering ? 'Procès-verbal de livraison (PDF)' : 'Procès-verbal de restitution (PDF)'}
      </a>
    </div>
  );
}
