import { EXTRAS } from '@vroum/core/extras';
import { findProtectionPlan } from '@vroum/core/protection';
import type { CheckoutDraft } from '@vroum/core/booking-draft';
import { missionWindow } from '@vroum/core/mission-window';
import { formatClockWindow, formatLongDateTime } from '../../../lib/format';

/** A date of the rental in words, or a placeholder when the state lacks it. */
export const rentalDate = (iso: string) => (iso ? formatLongDateTime(iso) : 'Non renseignée');

/** The choices of the rental in words, for the summary and the recap. */
export function rentalChoices(state: CheckoutDraft) {
  const options = EXTRAS.filter((extra) => state.options.includes(extra.id)).map(
    (extra) => extra.name,
  );
  return {
    protection: findProtectionPlan(state.protection).name,
    options: options.length > 0 ? options.join(', ') : 'Aucune',
  };
}

/**
 * When the agent comes, both ways, by core's rule (half an hour either side of each chosen
 * time, the windows the booking page shows once it is paid); null until both dates are known.
 */
export function visitWindows(state: Pick<CheckoutDraft, 'startDate' | 'endDate'>): string | null {
  if (!state.startDate || !state.endDate) return null;
  const hours = (iso: string) => {
    const { start, end } = missionWindow(new Date(iso));
    return formatClockWindow(start, end);
  };
  return `Notre agent arrive à la livraison ${hours(state.startDate)}, et à la restitution ${hours(state.endDate)}.`;
}
