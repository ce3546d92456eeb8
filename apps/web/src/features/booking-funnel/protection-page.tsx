import { PROTECTION_PLANS, findProtectionPlan, type ProtectionId } from '@vroum/core/protection';
import type { Vehicle } from '@vroum/core/vehicle';
import { ArrowLeft, ArrowRight, IdCard } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { saveBookingDraft, vehiclePagePath, type BookingDraft } from '../../lib/booking-draft';
import { usePageMeta } from '../../lib/use-page-meta';
import { useFunnelVehicle } from './api/get-vehicle';
import { FunnelLayout, FunnelSkeleton } from './components/funnel-layout';
import { ProtectionPlanCard } from './components/protection-plan-card';
import { RentalSummary } from './components/rental-summary';
import { funnelQuote } from './funnel-draft';
import { useFunnelDraft } from './use-funnel-draft';

/** /vehicule/{slug}/protection: booking step 2, the protection plan. */
export function ProtectionPage() {
  const { slug = '' } = useParams();
  // A new vehicle is a new page: its draft is read afresh.
  return <ProtectionRoute key={slug} slug={slug} />;
}

function ProtectionRoute({ slug }: { slug: string }) {
  usePageMeta(
    'Choisissez votre protection',
    'Choisissez la protection de votre location\u00a0: complète, intermédiaire, basique ou aucune.',
  );
  const draft = useFunnelDraft(slug, 'protection');
  const { vehicle, notFound } = useFunnelVehicle(slug, draft !== null);
  // The page renders nothing for an unknown vehicle.
  if (!draft || notFound) return null;
  if (!vehicle) return <FunnelSkeleton step={2} />;
  return <ProtectionStep vehicle={vehicle} draft={draft} />;
}

function ProtectionStep({ vehicle, draft }: { vehicle: Vehicle; draft: BookingDraft }) {
  const navigate = useNavigate();
  const groupName = useId();
  // A previously chosen protection is restored; the default is none.
  const [selected, setSelected] = useState<ProtectionId>(draft.protection ?? 'none');
  // Only one plan's details are expanded at a time.
  const [expanded, setExpanded] = useState<ProtectionId | null>(null);
  const plan = findProtectionPlan(selected);
  const quote = useMemo(
    () => funnelQuote(vehicle, draft, selected, draft.options),
    [vehicle, draft, selected],
  );

  const save = () => saveBookingDraft({ ...draft, protection: selected });

  return (
    <FunnelLayout
      step={2}
      eyebrow="Étape 2 sur 4"
      title="Choisissez votre protection"
      intro={
        <p>
          Roulez l’esprit tranquille&nbsp;: choisissez la couverture de votre {vehicle.name}. Les
          prix s’entendent par jour de location.
        </p>
      }
      aside={
        <RentalSummary
          title="Votre location"
          vehicle={vehicle}
          draft={draft}
          quote={quote}
          plan={plan}
        />
      }
      actions={
        <>
          <ButtonLink
            to={vehiclePagePath(vehicle.slug, draft)}
            onClick={save}
            variant="outline"
            size="lg"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Retour
          </ButtonLink>
          <Button
            size="lg"
            onClick={() => {
              save();
              void navigate(`/vehicule/${encodeURIComponent(vehicle.slug)}/options`);
            }}
          >
            Continuer
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </>
      }
    >
      <fieldset role="radiogroup">
        <legend className="sr-only">Formule de protection</legend>
        <ul className="space-y-4">
          {PROTECTION_PLANS.map((candidate) => (
            <ProtectionPlanCard
              key={candidate.id}
              plan={candidate}
              groupName={groupName}
              selected={candidate.id === selected}
              onSelect={() => setSelected(candidate.id)}
              expanded={candidate.id === expanded}
              onToggleDetails={() =>
                setExpanded((open) => (open === candidate.id ? null : candidate.id))
              }
            />
          ))}
        </ul>
      </fieldset>
      <div
        role="note"
        className="flex gap-3 rounded-2xl bg-ivory p-4 text-sm leading-relaxed text-graphite ring-1 ring-mist"
      >
        <IdCard className="mt-0.5 h-5 w-5 shrink-0 text-gold-deep" aria-hidden="true" />
        <p>
          <strong className="font-semibold text-ink">Permis de conduire&nbsp;:</strong> tous les
          conducteurs doivent être titulaires du permis depuis au moins 2&nbsp;ans.
          {vehicle.isSupercar &&
            ' Pour les Super Cars, 5\u00a0ans de permis et 30\u00a0ans minimum sont exigés.'}
        </p>
      </div>
    </FunnelLayout>
  );
}

export { ProtectionPage as Component };
