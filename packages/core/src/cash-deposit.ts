/**
 * A Super Car's deposit may be paid in cash at the delivery, on the customer's request, up to
 * this amount; it is given back under the same conditions as a card hold.
 */
export const SUPERCAR_CASH_DEPOSIT_MAX_CENTS = 1_000_000;
