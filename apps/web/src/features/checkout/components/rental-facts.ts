import { EXTRAS } from '@vroum/core/extras';
import { findProtectionPlan } from '@vroum/core/protection';
import type { CheckoutState } from '../../../lib/checkout-state';
import { formatLongDateTime } from '../../../lib/format';

/** A date of the rental in words, or a placeholder when the state lacks it. */
export const rentalDate = (iso: string) => (iso ? formatLongDateTime(iso) : 'Non renseignée');

/** The choices of the rental in words, for the summary and the recap. */
export function rentalChoices(state: CheckoutState) {
  const options = EXTRAS.filter((extra) => state.selectedOptions.includes(extra.id)).map(
    (extra) => extra.name,
  );
  return {
    protection: findProtectionPlan(state.selectedProtection).name,
    options: options.length > 0 ? options.join(', ') : 'Aucune',
  };
}
