// When the agent comes and when the agency receives a car: plain values, without schemas, so
// that the pages showing them (the checkout) load no schema with them.

/**
 * The time window announced to the customer: the agent arrives within half an hour either side
 * of the booked time (traffic), and the customer is told when they are on their way.
 */
export const DELIVERY_WINDOW_MINUTES = 30;
export function missionWindow(at: Date): { start: Date; end: Date } {
  const half = DELIVERY_WINDOW_MINUTES * 60_000;
  return { start: new Date(at.getTime() - half), end: new Date(at.getTime() + half) };
}

/**
 * The agency receives a car brought back every day within these hours (France's clock): the
 * booking page tells them beside the return's window when the customer chooses the agency.
 */
export const AGENCY_OPENING_HOURS = { opens: '08:00', closes: '20:00' } as const;
export const AGENCY_HOURS_TEXT = `tous les jours de ${AGENCY_OPENING_HOURS.opens} à ${AGENCY_OPENING_HOURS.closes}`;
