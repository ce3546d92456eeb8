import {
  DEPOSIT_STATUS_LABELS,
  MISSION_KIND_LABELS,
  MISSION_STATUS_LABELS,
  type Agent,
  type Mission,
} from '@vroum/core/operations';
import { parisMidnight } from '@vroum/core/paris-time';
import { CONTRACT_STATE_LABELS, STEP_STATE_LABELS } from '@vroum/core/rental-step-labels';
import { useMemo, useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { formatLongDate, formatPhone, formatTimeWindow, parisDay } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAgents, useAssign, usePlanning } from '../api/planning-api';
import { AgentsPanel } from './agents-panel';
import { PlanningBlocks } from './fleet-blocks-view';
import { errorMessage, QueryStates } from './states';
import { ToggleGroup } from './toggle-group';

const PERIODS = [
  { value: 'today', label: 'Aujourd’hui', days: 1, offset: 0 },
  { value: 'tomorrow', label: 'Demain', days: 1, offset: 1 },
  { value: 'week', label: '7\u00a0jours', days: 7, offset: 0 },
] as const;

/** Midnight in Paris of the day `offset` days from today. */
const midnightInDays = (offset: number): Date =>
  parisMidnight(parisDay(new Date(Date.now() + offset * 86_400_000)));

/**
 * The deliveries and returns of today, tomorrow or the week, in time order, with assignees; the
 * cars out of service during the period above them.
 */
export function PlanningView() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['value']>('week');
  const range = useMemo(() => {
    const chosen = PERIODS.find((item) => item.value === period)!;
    const from = midnightInDays(chosen.offset);
    return {
      from: from.toISOString(),
      to: new Date(from.getTime() + chosen.days * 86_400_000).toISOString(),
    };
  }, [period]);
  const planning = usePlanning(range.from, range.to);
  const agents = useAgents();

  const days = new Map<string, Mission[]>();
  for (const mission of planning.data?.missions ?? []) {
    const day = parisDay(new Date(mission.at));
    days.set(day, [...(days.get(day) ?? []), mission]);
  }

  return (
    <div className="mt-6 grid gap-6">
      <ToggleGroup
        label="Période"
        options={PERIODS}
        value={period}
        onChange={setPeriod}
        look="chips"
      />
      <PlanningBlocks from={range.from} to={range.to} />
      <QueryStates
        query={planning}
        isEmpty={() => days.size === 0}
        empty="Aucune livraison ni aucun retour sur cette période."
      >
        {() =>
          [...days.entries()].map(([day, missions]) => (
            <section key={day} aria-label={formatLongDate(day)}>
              <h3 className="font-display text-2xl text-ink first-letter:uppercase">
                {formatLongDate(day)}
              </h3>
              <ul className="mt-3 grid gap-3">
                {missions.map((mission) => (
                  <MissionRow
                    key={`${mission.bookingId}-${mission.kind}`}
                    mission={mission}
                    agents={agents.data?.agents ?? []}
                  />
                ))}
              </ul>
            </section>
          ))
        }
      </QueryStates>
      <AgentsPanel />
    </div>
  );
}

function MissionRow({ mission, agents }: { mission: Mission; agents: Agent[] }) {
  const assign = useAssign();
  const selectId = `agent-${mission.bookingId}-${mission.kind}`;
  return (
    <li
      aria-label={`${MISSION_KIND_LABELS[mission.kind]} ${mission.reference}`}
      className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl bg-paper p-4 text-sm ring-1 ring-mist md:grid-cols-[1.2fr_2fr_1.2fr]"
    >
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {MISSION_KIND_LABELS[mission.kind]} · {MISSION_STATUS_LABELS[mission.status]}
        </p>
        <p className="text-graphite first-letter:uppercase">
          {formatTimeWindow(mission.windowStart, mission.windowEnd)}
        </p>
        <p className="font-mono text-xs tracking-widest text-stone">{mission.reference}</p>
      </div>
      <div className="min-w-0 break-words text-graphite">
        <p className="text-ink">
          {mission.customerName}
          {mission.customerPhone && ` · ${formatPhone(mission.customerPhone)}`}
        </p>
        <p>{mission.address}</p>
        <p>
          {mission.vehicleName} · Identité&nbsp;: {STEP_STATE_LABELS[mission.identityState]} ·
          Contrat&nbsp;: {CONTRACT_STATE_LABELS[mission.contractState]} · Caution&nbsp;:{' '}
          {DEPOSIT_STATUS_LABELS[mission.depositStatus] ?? mission.depositStatus}
        </p>
      </div>
      <div className="min-w-0">
        <label htmlFor={selectId} className="text-xs font-semibold text-stone">
          Agent
        </label>
        <select
          id={selectId}
          className={`${inputClass} h-11 w-full min-w-0`}
          value={mission.agent?.id ?? ''}
          disabled={assign.isPending}
          onChange={(event) =>
            assign.mutate(
              {
                bookingId: mission.bookingId,
                kind: mission.kind,
                agentId: event.target.value || null,
              },
              {
                onSuccess: () => notify.success('Succès', 'Mission assignée'),
                onError: (error) => notify.error('Erreur', errorMessage(error)),
              },
            )
          }
        >
          <option value="">Non assignée</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}
