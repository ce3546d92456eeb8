import { urlInstant } from '@vroum/core/period-rules';

/**
 * The booking context that travels in URLs from the home module to the fleet, search results and
 * vehicle pages: addresses, ISO start and end instants, and the delivery fee in euros as
 * a display hint only (the server always recomputes it).
 */
export interface BookingContext {
  pickupAddress: string;
  returnAddress: string;
  start: string;
  end: string;
  /** Euros, as carried by the URL; null when absent. */
  deliveryFee: number | null;
}

const fee = (value: string | null) => {
  if (value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};

/** /flotte?pickupAddress&returnAddress&startDate&endDate&deliveryFee (from the home module). */
export function readFleetContext(params: URLSearchParams): BookingContext {
  return {
    pickupAddress: params.get('pickupAddress') ?? '',
    returnAddress: params.get('returnAddress') ?? params.get('pickupAddress') ?? '',
    start: urlInstant(params.get('startDate')),
    end: urlInstant(params.get('endDate')),
    deliveryFee: fee(params.get('deliveryFee')),
  };
}

/** /recherche and /vehicule/{id}: ?address&returnAddress&start&end&deliveryFee. */
export function readVehicleContext(params: URLSearchParams): BookingContext {
  const address = params.get('address') ?? '';
  return {
    pickupAddress: address,
    returnAddress: params.get('returnAddress') || address,
    start: urlInstant(params.get('start')),
    end: urlInstant(params.get('end')),
    deliveryFee: fee(params.get('deliveryFee')),
  };
}

/** The query string of a vehicle page or search results for this context. */
export function vehicleContextQuery(context: BookingContext): string {
  const params = new URLSearchParams();
  if (context.pickupAddress) params.set('address', context.pickupAddress);
  if (collectedElsewhere(context)) params.set('returnAddress', context.returnAddress);
  if (context.start) params.set('start', context.start);
  if (context.end) params.set('end', context.end);
  if (context.deliveryFee !== null) params.set('deliveryFee', String(context.deliveryFee));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether the car is to be collected at another address than the delivery's. */
export const collectedElsewhere = (context: BookingContext) =>
  Boolean(context.returnAddress.trim()) &&
  context.returnAddress.trim().toLowerCase() !== context.pickupAddress.trim().toLowerCase();

export const hasPeriod = (context: BookingContext) => Boolean(context.start && context.end);
