import { DAMAGE_CLAIM_STATUS_LABELS, type DamageClaim } from '@vroum/core/damage-claims';
import { CAR_ZONE_LABELS } from '@vroum/core/operations';
import { useState, type ReactNode } from 'react';
import { Wrench } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatAdminDate, formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  useApproveDamageClaim,
  useDamageClaims,
  useWaiveDamageClaim,
} from '../api/damage-claims-api';
import { beyondDeposit } from './damage-claim-amounts';
import { ApproveDamageDialog, WaiveDamageDialog } from './damage-claim-dialogs';
import { FleetBlockFormDialog } from './fleet-block-form-dialog';
import { badgeClass, errorMessage, QueryStates } from './states';
import { HASH_TARGET_CLASS, useScrollToHash } from './use-scroll-to-hash';

const STATUS_BADGES: Record<DamageClaim['status'], string> = {
  pending: 'bg-gold-soft text-gold-deep',
  approved: 'bg-success/10 text-success',
  waived: 'bg-ink/10 text-ink',
};

/** A deposit hold that lapses within two days: the decision should come first. */
const lapsesSoon = (until: string | null) =>
  until !== null && Date.parse(until) - Date.now() < 2 * 86_400_000;

/**
 * Dommages: the damage agents found at the returns. Each waits for an administrator other than
 * the one who recorded it: approved (at most what the plan's excess allows) or waived with a
 * reason. Nothing is taken from the customer before.
 */
export function DamageClaimsTab() {
  const claims = useDamageClaims();
  const [approving, setApproving] = useState<DamageClaim | null>(null);
  const [waiving, setWaiving] = useState<DamageClaim | null>(null);
  // A return with damage proposes a repair block; the administrator decides and creates it.
  const [repairing, setRepairing] = useState<DamageClaim | null>(null);
  const pending = claims.data?.claims.filter((claim) => claim.status === 'pending').length ?? 0;
  useScrollToHash(claims.isSuccess);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="font-display text-3xl text-ink">Dommages</h2>
        {pending > 0 && (
          <p className="text-sm text-stone">
            {pending === 1 ? '1 dossier à décider' : `${pending} dossiers à décider`}
          </p>
        )}
      </div>
      <div className="mt-6">
        <QueryStates
          query={claims}
          isEmpty={(data) => data.claims.length === 0}
          empty="Aucun dommage constaté à la restitution."
        >
          {(data) => (
            <ul className="grid gap-4" aria-label="Dossiers de dommages">
              {data.claims.map((claim) => (
                <ClaimCard
                  key={claim.id}
                  claim={claim}
                  onApprove={() => setApproving(claim)}
                  onWaive={() => setWaiving(claim)}
                  onBlock={() => setRepairing(claim)}
                />
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
      <ApproveDamageDialog claim={approving} onClose={() => setApproving(null)} />
      <WaiveDamageDialog claim={waiving} onClose={() => setWaiving(null)} />
      <FleetBlockFormDialog
        open={repairing !== null}
        block={null}
        draft={
          repairing && {
            vehicleId: repairing.vehicleId,
            kind: 'repair',
            reason: `Réparation des dommages constatés au retour de la réservation ${repairing.reference}.`,
            damageClaimId: repairing.id,
          }
        }
        onClose={() => setRepairing(null)}
      />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-mist/60 py-1.5 last:border-0">
      <dt className="text-stone">{label}</dt>
      <dd className="text-right text-ink">{children}</dd>
    </div>
  );
}

function ClaimCard({
  claim,
  onApprove,
  onWaive,
  onBlock,
}: {
  claim: DamageClaim;
  onApprove: () => void;
  onWaive: () => void;
  onBlock: () => void;
}) {
  const photos = `/api/v1/bookings/${claim.bookingId}/inspections/photos`;
  return (
    <li
      aria-label={`Dommages ${claim.reference}`}
      id={`dommages-${claim.reference}`}
      tabIndex={-1}
      className={`grid gap-5 rounded-2xl bg-paper p-5 ring-1 ring-mist lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] ${HASH_TARGET_CLASS}`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold text-ink">{claim.reference}</span>
          <span className={`${badgeClass} ${STATUS_BADGES[claim.status]}`}>
            {DAMAGE_CLAIM_STATUS_LABELS[claim.status]}
          </span>
        </div>
        <p className="mt-1 text-sm text-graphite">
          {claim.vehicleName} · {claim.customerName}
        </p>
        <p className="mt-1 text-xs text-stone">
          Constatés par {claim.recordedBy.name}, le {formatAdminDate(claim.recordedAt)}
        </p>
        <ol className="mt-4 grid gap-3" aria-label="Dommages relevés">
          {claim.damages.map((damage, index) => (
            <li key={`${damage.zone}-${index}`}>
              <p className="text-sm text-ink">
                <span className="font-semibold">{CAR_ZONE_LABELS[damage.zone]}</span>&nbsp;:{' '}
                {damage.note}
              </p>
              {damage.photoIds.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {damage.photoIds.map((photoId, photo) => (
                    <a key={photoId} href={`${photos}/${photoId}`} target="_blank" rel="noreferrer">
                      <img
                        src={`${photos}/${photoId}`}
                        alt={`${CAR_ZONE_LABELS[damage.zone]}, vue ${photo + 1}`}
                        loading="lazy"
                        className="h-20 w-28 rounded-xl bg-ivory object-cover ring-1 ring-mist"
                      />
                    </a>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ol>
        {claim.note && (
          <p className="mt-3 text-sm text-graphite">
            <span className="text-stone">Note de l’agent&nbsp;:</span> {claim.note}
          </p>
        )}
        <a
          className="mt-3 inline-block text-sm text-gold-deep underline"
          href={claim.reportUrl}
          target="_blank"
          rel="noreferrer"
        >
          Procès-verbal de restitution (PDF)
        </a>
      </div>
      <div className="min-w-0">
        <dl className="text-sm">
          <Fact label="Protection">{claim.protectionName}</Fact>
          <Fact label="Franchise">
            {claim.excessCents === null ? 'valeur du véhicule' : formatEuros(claim.excessCents)}
          </Fact>
          <Fact label="Dommages estimés">{formatEuros(claim.assessedCents)}</Fact>
          <Fact label="Facturable dans la franchise">
            <strong>{formatEuros(claim.chargeableCents)}</strong>
          </Fact>
          <Fact label="Kilomètres et carburant">{formatEuros(claim.otherChargesCents)}</Fact>
          {claim.status === 'pending' && (
            <>
              <Fact label="Caution retenue">
                {formatEuros(claim.depositHeldCents)}
                {claim.depositHeldUntil && (
                  <span
                    className={`block text-xs ${lapsesSoon(claim.depositHeldUntil) ? 'font-semibold text-danger' : 'text-stone'}`}
                  >
                    jusqu’au {formatAdminDate(claim.depositHeldUntil)}
                  </span>
                )}
              </Fact>
              <Fact label="Total, au plus">
                {formatEuros(claim.chargeableCents + claim.otherChargesCents)}
              </Fact>
              <Fact label="Au-delà de la caution, sur la carte">
                {formatEuros(beyondDeposit(claim))}
              </Fact>
            </>
          )}
        </dl>
        {claim.excessCents === null && (
          <p className="mt-3 rounded-xl bg-danger/5 p-3 text-xs text-danger">
            Valeur du véhicule non renseignée&nbsp;: le plafond de la franchise ne peut pas être
            vérifié.
          </p>
        )}
        {claim.status === 'pending' ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" onClick={onApprove}>
              Approuver…
            </Button>
            <Button size="sm" variant="outline" onClick={onWaive}>
              Renoncer…
            </Button>
          </div>
        ) : (
          <Decision claim={claim} />
        )}
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          aria-label={`Bloquer pour réparation ${claim.vehicleName} (${claim.reference})`}
          onClick={onBlock}
        >
          <Wrench className="h-4 w-4" aria-hidden="true" />
          Bloquer pour réparation
        </Button>
      </div>
    </li>
  );
}

/** The decision taken; one whose settlement was interrupted is taken up again from here. */
function Decision({ claim }: { claim: DamageClaim }) {
  const approve = useApproveDamageClaim();
  const waive = useWaiveDamageClaim();
  const resume = () => {
    const callbacks = { onError: (error: Error) => notify.error('Erreur', errorMessage(error)) };
    if (claim.status === 'approved') {
      approve.mutate(
        { id: claim.id, body: { amountCents: claim.approvedCents ?? 0, note: '' } },
        callbacks,
      );
    } else {
      waive.mutate({ id: claim.id, body: { reason: claim.decisionNote ?? '' } }, callbacks);
    }
  };
  return (
    <div className="mt-4 rounded-xl bg-ivory p-3 text-sm" role="status">
      <p className="text-ink">
        {claim.status === 'approved'
          ? `${formatEuros(claim.approvedCents ?? 0)} retenus`
          : 'Dommages non facturés'}
        {claim.decidedBy && `, par ${claim.decidedBy.name}`}
        {claim.decidedAt && `, le ${formatAdminDate(claim.decidedAt)}`}
      </p>
      {claim.decisionNote && (
        <p className="mt-1 text-graphite">Motif&nbsp;: {claim.decisionNote}</p>
      )}
      {!claim.settled && (
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          disabled={approve.isPending || waive.isPending}
          onClick={resume}
        >
          Reprendre le prélèvement
        </Button>
      )}
      <p className="mt-1 text-stone">
        {!claim.settled
          ? 'Prélèvement en cours ou interrompu.'
          : claim.unpaidCents
            ? `Refusé par la carte du client\u00a0: ${formatEuros(claim.unpaidCents)} restent dus.`
            : 'Prélevé, location terminée.'}
      </p>
    </div>
  );
}
