import type { DamageClaim } from '@vroum/core/damage-claims';

/** What an approval of the whole chargeable amount would take from the customer's saved card. */
export const beyondDeposit = (claim: DamageClaim) =>
  Math.max(0, claim.chargeableCents + claim.otherChargesCents - claim.depositHeldCents);
