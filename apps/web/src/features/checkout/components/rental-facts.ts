import { EXTRAS } from '@vroum/core/extras';
import { findProtectionPlan } from '@vroum/core/protection';
import type { CheckoutDraft } from '@vroum/core/booking-draft';
import { formatLongDateTime } from '../../../lib/format';

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
