import { groupDigits } from '@vroum/core/french-typography';
import { CAR_ZONE_LABELS, type CarZone } from '@vroum/core/operations';
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_STATUS_LABELS,
  type AdminDispute,
  type InspectionSide,
} from '@vroum/core/return-disputes';
import { formatAdminDate, formatAdminDateTime, formatEuros } from '../../../lib/format';
import { useDisputes } from '../api/disputes-api';
import { DisputeDecisionForm } from './dispute-decision-form';
import { badgeClass, QueryStates } from './states';
import { HASH_TARGET_CLASS, useScrollToHash } from './use-scroll-to-hash';

const STATUS_BADGES: Record<AdminDispute['status'], string> = {
  open: 'bg-gold-soft text-gold-deep',
  decided: 'bg-ink/10 text-ink',
};

/**
 * Contestations: the customers' disputes of the return charges, beside the damage claims. Each
 * case shows the customer's reason and photos, and the handover and the return side by side
 * (readings, damage, photos, signed reports); an administrator decides with a written answer.
 */
export function DisputesSection() {
  const disputes = useDisputes();
  const open = disputes.data?.disputes.filter((dispute) => dispute.status === 'open').length ?? 0;
  useScrollToHash(disputes.isSuccess);
  return (
    <section aria-labelledby="disputes-title" className="mt-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="disputes-title" className="font-display text-3xl text-ink">
          Contestations
        </h2>
        {open > 0 && (
          <p className="text-sm text-stone">
            {open === 1 ? '1 contestation à trancher' : `${open} contestations à trancher`}
          </p>
        )}
      </div>
      <div className="mt-6">
        <QueryStates
          query={disputes}
          isEmpty={(data) => data.disputes.length === 0}
          empty="Aucune contestation de frais de restitution."
        >
          {(data) => (
            <ul className="grid gap-4" aria-label="Contestations des frais de restitution">
              {data.disputes.map((dispute) => (
                <DisputeCard key={dispute.id} dispute={dispute} />
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
    </section>
  );
}

function DisputeCard({ dispute }: { dispute: AdminDispute }) {
  return (
    <li
      aria-label={`Contestation ${dispute.reference}`}
      id={`contestation-${dispute.reference}`}
      tabIndex={-1}
      className={`rounded-2xl bg-paper p-5 ring-1 ring-mist ${HASH_TARGET_CLASS}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-ink">{dispute.reference}</span>
        <span className={`${badgeClass} ${STATUS_BADGES[dispute.status]}`}>
          {DISPUTE_STATUS_LABELS[dispute.status]}
        </span>
        <span className="text-sm text-stone">reçue le {formatAdminDate(dispute.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm text-graphite">
        {dispute.vehicleName} · {dispute.customerName}
      </p>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="inline text-stone">Frais contestés&nbsp;: </dt>
          <dd className="inline font-semibold whitespace-nowrap text-ink">
            {formatEuros(dispute.contestedCents)}
          </dd>
        </div>
        <div>
          <dt className="inline text-stone">Reste dû&nbsp;: </dt>
          <dd className="inline whitespace-nowrap text-ink">
            {formatEuros(dispute.balanceDueCents)}
          </dd>
        </div>
      </dl>
      <blockquote className="mt-3 rounded-xl bg-ivory p-3 text-sm whitespace-pre-line text-ink">
        {dispute.reason}
      </blockquote>
      {dispute.photoUrls.length > 0 && (
        <Photos urls={dispute.photoUrls} label={(index) => `Photo du client ${index + 1}`} />
      )}
      <div className="mt-5 grid gap-4 md:grid-cols-2" aria-label="États des lieux comparés">
        {dispute.inspections.map((side) => (
          <Side key={side.kind} side={side} reference={dispute.reference} />
        ))}
      </div>
      {dispute.status === 'open' ? (
        <DisputeDecisionForm dispute={dispute} />
      ) : (
        <Decided dispute={dispute} />
      )}
    </li>
  );
}

function Photos({ urls, label }: { urls: string[]; label: (index: number) => string }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {urls.map((url, index) => (
        <a key={url} href={url} target="_blank" rel="noreferrer">
          <img
            src={url}
            alt={label(index)}
            loading="lazy"
            className="h-20 w-28 rounded-xl bg-ivory object-cover ring-1 ring-mist"
          />
        </a>
      ))}
    </div>
  );
}

function Side({ side, reference }: { side: InspectionSide; reference: string }) {
  const title = side.kind === 'handover' ? 'Livraison' : 'Restitution';
  // Named with the booking: several cases on the page, each with its two reports.
  return (
    <section
      aria-label={`${title} ${reference}`}
      className="min-w-0 rounded-xl p-4 ring-1 ring-mist"
    >
      <h3 className="font-semibold text-ink">
        {title}{' '}
        <span className="text-sm font-normal text-stone">· {formatAdminDateTime(side.at)}</span>
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone">Compteur</dt>
          <dd className="text-ink">{groupDigits(side.odometerKm)}&nbsp;km</dd>
        </div>
        <div>
          <dt className="text-stone">Carburant ou charge</dt>
          <dd className="text-ink">{side.fuelPercent}&nbsp;%</dd>
        </div>
      </dl>
      {side.damages.length > 0 ? (
        <ul className="mt-2 text-sm text-ink">
          {side.damages.map((damage, index) => (
            <li key={`${damage.zone}-${index}`}>
              <span className="font-semibold">
                {CAR_ZONE_LABELS[damage.zone as CarZone] ?? damage.zone}
              </span>
              &nbsp;: {damage.note}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-stone">Aucun dommage relevé.</p>
      )}
      {side.interiorNote && <p className="mt-1 text-sm text-graphite">{side.interiorNote}</p>}
      {side.photoUrls.length > 0 && (
        <Photos urls={side.photoUrls} label={(index) => `${title}, photo ${index + 1}`} />
      )}
      <a
        className="mt-3 inline-flex min-h-11 items-center text-sm text-gold-deep underline"
        href={side.reportUrl}
        target="_blank"
        rel="noreferrer"
      >
        Procès-verbal de {side.kind === 'handover' ? 'livraison' : 'restitution'} (PDF)
      </a>
    </section>
  );
}

function Decided({ dispute }: { dispute: AdminDispute }) {
  return (
    <div className="mt-4 rounded-xl bg-ivory p-3 text-sm" role="status">
      <p className="font-semibold text-ink">
        {dispute.outcome && DISPUTE_OUTCOME_LABELS[dispute.outcome]}
        {dispute.outcome === 'reduce' && ` à ${formatEuros(dispute.keptCents ?? 0)}`}
        {dispute.decidedAt && `, le ${formatAdminDate(dispute.decidedAt)}`}
      </p>
      <p className="mt-1 text-graphite">
        Remboursé&nbsp;: {formatEuros(dispute.refundCents ?? 0)} · Plus demandé&nbsp;:{' '}
        {formatEuros(dispute.waivedCents ?? 0)}
      </p>
      <p className="mt-1 text-graphite">Réponse&nbsp;: {dispute.answer}</p>
    </div>
  );
}
