import type { GeocodedAddress } from '@vroum/core/address';
import { RentalPeriod } from '@vroum/core/availability';
import type { QuoteRequest, QuoteResponse } from '@vroum/core/checkout';
import { computeQuote, type Quote } from '@vroum/core/pricing';
import { quoteLines } from '@vroum/core/pricing-lines';
import { quoteDelivery } from '@vroum/core/delivery';
import { offersUnlimitedKm, type Vehicle } from '@vroum/core/vehicle';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { findUsablePromotion, type ValidPromotion } from '../promotions/promotions.service';
import { vehicleUnavailable } from '../vehicles/vehicle-unavailable';
import { getVehicleBySlug, vehicleIsBlocked } from '../vehicles/vehicles.service';
import type { Database } from '../../db/client';
import type { Geocoder } from '../../providers/geocoding/geocoder';

/** What pricing a rental needs: the database and the geocoder that places the addresses. */
export interface QuoteDeps {
  db: Database;
  geocoder: Geocoder;
}

export interface PricedRental {
  vehicle: Vehicle;
  quote: Quote;
  promotion: ValidPromotion | null;
  response: QuoteResponse;
}

/**
 * Prices a rental from ids and choices only (a total sent by a browser is never trusted): the
 * vehicle's price, the period, the delivery fee computed here from the geocoded address (and the
 * collection's, when the car is returned elsewhere), protection, options, chauffeur, unlimited km
 * and a promotion validated here. Nothing priced by a browser is ever used.
 */
export async function priceRental(
  deps: QuoteDeps,
  request: QuoteRequest,
  customerId: string | null,
): Promise<PricedRental> {
  const period = RentalPeriod.safeParse({ start: request.start, end: request.end });
  if (!period.success) {
    const issue = period.error.issues[0];
    throw badRequest(issue?.message ?? 'Période invalide.', String(issue?.path[0] ?? 'start'));
  }
  const vehicle = await getVehicleBySlug(deps.db, request.vehicleSlug);
  if (!vehicle || !vehicle.isAvailable) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
  // A car the team has taken out of service is never priced for those dates (a booking's hold,
  // which may lapse, is decided at payment start).
  if (await vehicleIsBlocked(deps.db, vehicle.id, period.data)) throw vehicleUnavailable();
  if (request.unlimitedKm && !offersUnlimitedKm(vehicle)) {
    throw badRequest('Le kilométrage illimité n’est pas proposé pour ce véhicule.', 'unlimitedKm');
  }
  const place = await geocode(deps, request.deliveryAddress, 'deliveryAddress');
  const collection = await priceCollection(deps, request, place);
  let promotion: ValidPromotion | null = null;
  if (request.promoCode) {
    promotion = await findUsablePromotion(deps.db, request.promoCode, customerId);
    if (!promotion) {
      throw new AppError('promotion_invalid', 'Ce code promo n’est pas valide.', 422, 'promoCode');
    }
  }
  const quote = computeQuote({
    pricePerDayCents: vehicle.pricePerDayCents,
    depositCents: vehicle.depositCents,
    start: new Date(request.start),
    end: new Date(request.end),
    deliveryFeeCents: quoteDelivery(place).feeCents,
    returnFeeCents: collection?.feeCents ?? 0,
    withDriver: request.withDriver,
    unlimitedKm: request.unlimitedKm,
    protection: request.protection,
    options: request.options,
    promotion,
  });
  return {
    vehicle,
    quote,
    promotion,
    response: toResponse(vehicle, quote, request, promotion, collection !== null),
  };
}

const ADDRESS_NOT_FOUND = {
  deliveryAddress: 'Adresse introuvable. Choisissez une adresse dans la liste des suggestions.',
  returnAddress:
    'Adresse de restitution introuvable. Choisissez une adresse dans la liste des suggestions.',
} as const;

async function geocode(
  deps: QuoteDeps,
  address: string,
  field: keyof typeof ADDRESS_NOT_FOUND,
): Promise<GeocodedAddress> {
  const [place] = await deps.geocoder.search(address, { limit: 1 });
  if (!place) throw new AppError('address_not_found', ADDRESS_NOT_FOUND[field], 422, field);
  return place;
}

const sameText = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

/**
 * Collecting the car at another address than the delivery's, priced by the delivery's rule on
 * that address; null when the car is collected where it was delivered, which the delivery fee
 * covers (the round trip).
 */
async function priceCollection(
  deps: QuoteDeps,
  request: QuoteRequest,
  deliveryPlace: GeocodedAddress,
): Promise<{ feeCents: number } | null> {
  const address = request.returnAddress?.trim() ?? '';
  if (!address || sameText(address, request.deliveryAddress)) return null;
  const place = await geocode(deps, address, 'returnAddress');
  if (place.id === deliveryPlace.id || sameText(place.label, deliveryPlace.label)) return null;
  return { feeCents: quoteDelivery(place).feeCents };
}

function toResponse(
  vehicle: Vehicle,
  quote: Quote,
  request: QuoteRequest,
  promotion: ValidPromotion | null,
  collectedElsewhere: boolean,
): QuoteResponse {
  const lines = quoteLines(quote, {
    protection: request.protection,
    collectedElsewhere,
    promotionCode: promotion?.code ?? null,
  });
  return {
    vehicle: { slug: vehicle.slug, name: vehicle.name, category: vehicle.category },
    days: quote.days,
    lines,
    basePriceCents: quote.basePriceCents,
    protectionCostCents: quote.protectionCostCents,
    optionsCostCents: quote.optionsCostCents,
    chauffeurCostCents: quote.chauffeurCostCents,
    unlimitedKmCostCents: quote.unlimitedKmCostCents,
    deliveryFeeCents: quote.deliveryFeeCents,
    returnFeeCents: quote.returnFeeCents,
    discountCents: quote.discountCents,
    totalCents: quote.totalCents,
    depositCents: quote.depositCents,
    promotion: promotion ? { code: promotion.code, description: promotion.description } : null,
  };
}
