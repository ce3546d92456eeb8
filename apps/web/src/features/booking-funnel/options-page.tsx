import { EXTRAS, EXTRA_IDS, type ExtraId } from '@vroum/core/extras';
import { findProtectionPlan, type ProtectionId } from '@vroum/core/protection';
import type { Vehicle } from '@vroum/core/vehicle';
import { ArrowLeft, ArrowRight, CalendarCheck, Headset, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { saveBookingDraft, type BookingDraft } from '../../lib/booking-draft';
import { usePageMeta } from '../../lib/use-page-meta';
import { useFunnelVehicle } from './api/get-vehicle';
import { ExtraRow } from './components/extra-row';
import { FunnelLayout, FunnelSkeleton } from './components/funnel-layout';
import { RentalSummary } from './components/rental-summary';
import { checkoutDraft, funnelQuote } from './funnel-draft';
import { useFunnelDraft } from './use-funnel-draft';

const REASSURANCE = [
  { icon: CalendarCheck, text: 'Annulation gratuite jusqu’à 48\u00a0h avant le départ' },
  { icon: ShieldCheck, text: 'Caution par empreinte bancaire, jamais débitée' },
  { icon: Headset, text: 'Assistance 24h/24, 7j/7' },
] as const;

/** /vehicule/{slug}/options: booking step 3, the optional extras. */
export function OptionsPage() {
  const { slug = '' } = useParams();
  return <OptionsRoute key={slug} slug={slug} />;
}

function OptionsRoute({ slug }: { slug: string }) {
  usePageMeta(
    'Options supplémentaires',
    'Ajoutez des options à votre location\u00a0: conducteur additionnel, sièges enfant, protections, chaînes à neige.',
  );
  const draft = useFunnelDraft(slug, 'options');
  const { vehicle, notFound } = useFunnelVehicle(slug, draft !== null);
  if (!draft?.protection || notFound) return null;
  if (!vehicle) return <FunnelSkeleton step={3} />;
  return <OptionsStep vehicle={vehicle} draft={draft} protection={draft.protection} />;
}

function OptionsStep({
  vehicle,
  draft,
  protection,
}: {
  vehicle: Vehicle;
  draft: BookingDraft;
  protection: ProtectionId;
}) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ExtraId[]>(draft.options);
  const [expanded, setExpanded] = useState<ReadonlySet<ExtraId>>(() => new Set());
  const plan = findProtectionPlan(protection);
  const quote = useMemo(
    () => funnelQuote(vehicle, draft, protection, selected),
    [vehicle, draft, protection, selected],
  );

  const toggle = (id: ExtraId, on: boolean) =>
    // Kept in catalogue order, whatever the order of the clicks.
    setSelected((current) =>
      EXTRA_IDS.filter((candidate) => (candidate === id ? on : current.includes(candidate))),
    );
  const toggleDetails = (id: ExtraId) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const save = () => saveBookingDraft({ ...draft, options: selected });
  const slug = encodeURIComponent(vehicle.slug);

  return (
    <FunnelLayout
      step={3}
      eyebrow="Étape 3 sur 4"
      title="Options supplémentaires"
      intro={
        <p>
          Personnalisez votre location. Les options sont facultatives et s’ajoutent au total de
          votre réservation.
        </p>
      }
      aside={
        <RentalSummary
          title="Récapitulatif de la réservation"
          vehicle={vehicle}
          draft={draft}
          quote={quote}
          plan={plan}
        >
          <ul className="space-y-2.5 border-t border-mist pt-4 text-sm text-graphite">
            {REASSURANCE.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-2.5">
                <Icon className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </RentalSummary>
      }
      actions={
        <>
          <Button
            variant="outline"
            size="lg"
            onClick={() => {
              save();
              void navigate(`/vehicule/${slug}/protection`);
            }}
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Retour
          </Button>
          <Button
            size="lg"
            onClick={() => {
              save();
              void navigate('/checkout', {
                state: checkoutDraft(vehicle, draft, protection, selected),
              });
            }}
          >
            Continuer vers le paiement
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </>
      }
    >
      <section aria-labelledby="extras-title">
        <h2 id="extras-title" className="sr-only">
          Options disponibles
        </h2>
        <ul className="space-y-3">
          {EXTRAS.map((extra) => (
            <ExtraRow
              key={extra.id}
              extra={extra}
              checked={selected.includes(extra.id)}
              onChange={(on) => toggle(extra.id, on)}
              expanded={expanded.has(extra.id)}
              onToggleDetails={() => toggleDetails(extra.id)}
            />
          ))}
        </ul>
      </section>
    </FunnelLayout>
  );
}

export { OptionsPage as Component };
