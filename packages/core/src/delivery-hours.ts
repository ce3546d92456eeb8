/**
 * When a car can be delivered or collected: a rental starts and ends at a time chosen in steps
 * of half an hour, from the first to the last slot of the day (France's clock). The calendar
 * offers these times only; the agent's window is announced around them (operations.ts).
 */
export const DELIVERY_HOURS = { firstSlot: '08:00', lastSlot: '20:00' } as const;

export const RENTAL_TIME_STEP_MINUTES = 30;

const minutesOf = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The times a rental may start or end, in minutes after midnight ('08:00' → 480, …). */
export function deliverySlotMinutes(): number[] {
  const slots: number[] = [];
  const last = minutesOf(DELIVERY_HOURS.lastSlot);
  for (let at = minutesOf(DELIVERY_HOURS.firstSlot); at <= last; at += RENTAL_TIME_STEP_MINUTES) {
    slots.push(at);
  }
  return slots;
}

/** A number of minutes after midnight as a clock ('HH:mm'). */
export function slotClock(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
