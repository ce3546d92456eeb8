/**
 * The smallest amount a card payment may charge or hold, in euro cents: Stripe's minimum in
 * euros, kept with the built-in processor too so both behave alike. A rental below it cannot be
 * paid; a deposit below it cannot be held on the card, and the handover waits for that hold.
 */
export const MIN_CARD_AMOUNT_CENTS = 50;
