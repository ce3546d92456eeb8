import {
  DEPOSIT_STATUS_LABELS,
  MISSION_KIND_LABELS,
  MISSION_STATUS_LABELS,
  type Mission,
} from '@vroum/core/operations';
import { CONTRACT_STATE_LABELS, STEP_STATE_LABELS } from '@vroum/core/rental-step-labels';
import { MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPhone, formatTimeWindow, phoneHref } from '../../../lib/format';

/** A mission's facts as the agent reads them on a phone: when, where, who, what is ready. */
export function MissionFacts({ mission, children }: { mission: Mission; children?: ReactNode }) {
  return (
    <div className="grid gap-3 text-sm text-graphite">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-ink px-3 py-1 text-xs font-semibold text-paper">
          {MISSION_KIND_LABELS[mission.kind]}
        </span>
        <span className="rounded-full bg-gold-soft px-3 py-1 text-xs font-semibold text-gold-deep">
          {MISSION_STATUS_LABELS[mission.status]}
        </span>
        <span className="font-mono text-xs tracking-widest text-stone">{mission.reference}</span>
      </p>
      <p className="font-semibold text-ink first-letter:uppercase">
        {formatTimeWindow(mission.windowStart, mission.windowEnd)}
      </p>
      <p className="text-ink">
        {mission.vehicleName} <span className="text-stone">· {mission.vehicleCategory}</span>
      </p>
      <p className="flex items-start gap-2">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
        <span>
          {mission.kind === 'return' && mission.returnMode === 'agency' && 'À l’agence\u00a0: '}
          {mission.address}
        </span>
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{mission.customerName}</span>
        {mission.customerPhone && (
          <a
            href={phoneHref(mission.customerPhone)}
            className="inline-flex min-h-11 items-center gap-1 text-gold-deep underline"
          >
            <Phone className="h-4 w-4" aria-hidden="true" />
            {formatPhone(mission.customerPhone)}
          </a>
        )}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <li>Identité&nbsp;: {STEP_STATE_LABELS[mission.identityState]}</li>
        <li>Contrat&nbsp;: {CONTRACT_STATE_LABELS[mission.contractState]}</li>
        <li>
          Caution&nbsp;: {DEPOSIT_STATUS_LABELS[mission.depositStatus] ?? mission.depositStatus}
        </li>
      </ul>
      {children}
    </div>
  );
}
