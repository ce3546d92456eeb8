/**
 * Delivery fee, computed from the geocoded address (never typed in by the customer): free in
 * Île-de-France, elsewhere 20 € per started 30 km slice of straight-line distance from central
 * Paris.
 */
export const ILE_DE_FRANCE_DEPARTMENTS = ['75', '77', '78', '91', '92', '93', '94', '95'] as const;
export const PARIS_CENTRE = { lat: 48.8566, lon: 2.3522 } as const;
export const DELIVERY_SLICE_KM = 30;
export const DELIVERY_SLICE_PRICE_CENTS = 2000;

export interface DeliveryPoint {
  departmentCode: string | null;
  lat: number;
  lon: number;
}

export interface DeliveryQuote {
  feeCents: number;
  inIleDeFrance: boolean;
  /** Straight-line distance from central Paris, rounded to 0.1 km. */
  distanceKm: number;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

export function isInIleDeFrance(departmentCode: string | null): boolean {
  return (
    departmentCode !== null &&
    (ILE_DE_FRANCE_DEPARTMENTS as readonly string[]).includes(departmentCode)
  );
}

export function quoteDelivery(point: DeliveryPoint): DeliveryQuote {
  const distance = distanceKm(PARIS_CENTRE, point);
  const inIleDeFrance = isInIleDeFrance(point.departmentCode);
  const slices = Math.ceil(distance / DELIVERY_SLICE_KM);
  return {
    feeCents: inIleDeFrance ? 0 : slices * DELIVERY_SLICE_PRICE_CENTS,
    inIleDeFrance,
    distanceKm: Math.round(distance * 10) / 10,
  };
}
