import type { MissionDetail } from '@vroum/core/operations';
import type { HandoverBlocker } from '@vroum/core/rental-steps';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Each missing step as the agent needs it: what is missing and who has it in hand. */
function blockerText(blocker: HandoverBlocker, mission: MissionDetail): string {
  if (blocker === 'identity') {
    return mission.identityState === 'in_review'
      ? 'Identité du conducteur\u00a0: en cours de vérification par l’équipe.'
      : mission.identityState === 'refused'
        ? 'Identité du conducteur\u00a0: refusée, le client doit envoyer de nouveaux documents.'
        : 'Identité du conducteur\u00a0: pas encore vérifiée, le client n’a pas envoyé ses documents.';
  }
  if (blocker === 'contract') return 'Contrat\u00a0: pas encore signé par le client.';
  return mission.depositStatus === 'failed'
    ? 'Caution\u00a0: la retenue sur la carte a échoué, l’équipe contacte le client.'
    : 'Caution\u00a0: pas encore retenue sur la carte du client.';
}

/**
 * What still keeps the car from being handed over, at the top of a delivery: the server refuses
 * the handover until each is done, so the agent neither sets off nor fills the report before.
 */
export function HandoverBlockers({
  id,
  mission,
  checking,
  onCheck,
}: {
  id: string;
  mission: MissionDetail;
  checking: boolean;
  onCheck: () => void;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-danger/5 p-5 ring-1 ring-danger/25"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-display text-2xl text-ink">
        <TriangleAlert className="h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
        Remise pas encore possible
      </h2>
      <p className="mt-2 text-sm text-graphite">
        Ne partez pas et ne remettez pas le véhicule tant qu’il manque&nbsp;:
      </p>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm font-semibold text-ink">
        {mission.handoverBlockers.map((blocker) => (
          <li key={blocker}>{blockerText(blocker, mission)}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-graphite">
        Le formulaire de remise s’affiche ici dès que tout est prêt&nbsp;; la page se met à jour
        d’elle-même.
      </p>
      <Button variant="outline" size="sm" className="mt-3" disabled={checking} onClick={onCheck}>
        {checking ? 'Vérification…' : 'Vérifier à nouveau'}
      </Button>
    </section>
  );
}
