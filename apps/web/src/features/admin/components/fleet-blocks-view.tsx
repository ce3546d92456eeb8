import { FLEET_BLOCK_KIND_LABELS, type FleetBlock } from '@vroum/core/fleet-blocks';
import { Pencil, Plus, Unlock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatAdminDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useFleetBlocks, useLiftFleetBlock } from '../api/fleet-blocks-api';
import { FleetBlockFormDialog } from './fleet-block-form-dialog';
import { badgeClass, errorMessage, QueryStates } from './states';

/** From when to when a block holds the car, in Paris time. */
const blockSpan = (block: Pick<FleetBlock, 'start' | 'end'>) =>
  `Du ${formatAdminDateTime(block.start)} au ${formatAdminDateTime(block.end)}`;

/** The same, each moment kept on one line (a phone must not break a date in two). */
function BlockSpan({ block }: { block: Pick<FleetBlock, 'start' | 'end'> }) {
  return (
    <p className="text-graphite">
      Du <span className="whitespace-nowrap">{formatAdminDateTime(block.start)}</span> au{' '}
      <span className="whitespace-nowrap">{formatAdminDateTime(block.end)}</span>
    </p>
  );
}

/** Immobilisations: the cars out of service now or later; block one, change or lift a block. */
export function FleetBlocksView() {
  const blocks = useFleetBlocks();
  const [editing, setEditing] = useState<{ block: FleetBlock | null } | null>(null);

  return (
    <div className="mt-6 grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-graphite">
          Un véhicule immobilisé n’est proposé à aucune recherche ni réservation sur ces dates.
        </p>
        <Button onClick={() => setEditing({ block: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Immobiliser un véhicule
        </Button>
      </div>
      <QueryStates
        query={blocks}
        isEmpty={(data) => data.blocks.length === 0}
        empty="Aucun véhicule immobilisé en ce moment ni à venir."
      >
        {(data) => (
          <ul className="grid gap-3" aria-label="Immobilisations">
            {data.blocks.map((block) => (
              <BlockRow key={block.id} block={block} onEdit={() => setEditing({ block })} />
            ))}
          </ul>
        )}
      </QueryStates>
      <FleetBlockFormDialog
        open={editing !== null}
        block={editing?.block ?? null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function BlockRow({ block, onEdit }: { block: FleetBlock; onEdit: () => void }) {
  const lift = useLiftFleetBlock();
  const name = `${block.vehicleName}, ${blockSpan(block).toLowerCase()}`;
  const onLift = () => {
    if (!window.confirm(`Lever l’immobilisation de ${block.vehicleName}\u00a0?`)) return;
    lift.mutate(block.id, {
      onSuccess: () => notify.success('Succès', 'Immobilisation levée'),
      onError: (error) => notify.error('Erreur', errorMessage(error)),
    });
  };
  return (
    <li
      aria-label={name}
      className="grid gap-3 rounded-2xl bg-paper p-4 text-sm ring-1 ring-mist md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {block.vehicleName}
          <span className={`${badgeClass} bg-gold-soft text-gold-deep`}>
            {FLEET_BLOCK_KIND_LABELS[block.kind]}
          </span>
        </p>
        <BlockSpan block={block} />
        <p className="mt-1 break-words text-graphite">{block.reason}</p>
        {block.createdBy && <p className="mt-1 text-xs text-stone">Par {block.createdBy}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-label={`Modifier ${name}`} onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Modifier
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Lever ${name}`}
          disabled={lift.isPending}
          onClick={onLift}
        >
          <Unlock className="h-4 w-4" aria-hidden="true" />
          Lever
        </Button>
      </div>
    </li>
  );
}

/** The planning's cars out of service during its period, above its deliveries and returns. */
export function PlanningBlocks({ from, to }: { from: string; to: string }) {
  const blocks = useFleetBlocks({ from, to });
  const list = blocks.data?.blocks ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label="Véhicules immobilisés">
      <h3 className="font-display text-2xl text-ink">Véhicules immobilisés</h3>
      <ul className="mt-3 grid gap-3">
        {list.map((block) => (
          <li key={block.id} className="rounded-2xl bg-ivory p-4 text-sm ring-1 ring-gold/40">
            <p className="font-semibold text-ink">
              {block.vehicleName} · {FLEET_BLOCK_KIND_LABELS[block.kind]}
            </p>
            <BlockSpan block={block} />
            <p className="break-words text-graphite">{block.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
