import { bookingStatusLabel, paymentStatusLabel } from '@vroum/core/booking-status';
import { quoteDelivery } from '@vroum/core/delivery';
import { EXTRA_IDS, type ExtraId } from '@vroum/core/extras';
import { MAX_RENTAL_DAYS } from '@vroum/core/availability';
import { computeQuote, type Quote } from '@vroum/core/pricing';
import { PROTECTION_IDS, type ProtectionId } from '@vroum/core/protection';
import type { SiteInfo } from '@vroum/core/site';
import { offersUnlimitedKm, type Vehicle } from '@vroum/core/vehicle';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { findBookingByNumberAndEmail } from '../../modules/bookings/booking-detail.repository';
import { isVehicleFree } from '../../modules/vehicles/availability.repository';
import { findVehicles } from '../../modules/vehicles/vehicles.repository';
import type { Geocoder } from '../geocoding/geocoder';
import { normalise, toDay, type Day } from './french-text';
import { formatEuros, PAGES, vehiclePage } from './knowledge';

/**
 * The tools the assistant may use on our own services (decision 015): the live catalogue, a
 * price quote, a vehicle's availability, a delivery fee, and a booking's status, which needs both
 * the booking number and its e-mail. The built-in assistant calls the typed methods; a remote
 * model calls `run` with the JSON arguments of a function call.
 */
export interface ChatTools {
  readonly site: SiteInfo;
  /** Today in Paris, 'yyyy-mm-dd'. */
  today(): Day;
  listVehicles(): Promise<Vehicle[]>;
  findVehicle(nameOrSlug: string): Promise<Vehicle | null>;
  quoteRental(input: QuoteInput): Promise<RentalQuote | ToolFailure>;
  checkAvailability(input: {
    vehicle: string;
    start: Day;
    end: Day;
  }): Promise<{ vehicle: Vehicle; available: boolean } | ToolFailure>;
  deliveryFee(place: string): Promise<DeliveryFee | null>;
  bookingStatus(input: { bookingNumber: string; email: string }): Promise<BookingStatusResult>;
  readonly definitions: readonly ToolDefinition[];
  /** Runs one function call; the result is JSON for the model. Never throws. */
  run(name: string, argumentsJson: string): Promise<string>;
}

export interface ToolFailure {
  error: string;
}

export interface QuoteInput {
  vehicle: string;
  start: Day;
  end: Day;
  place?: string | undefined;
  protection?: ProtectionId | undefined;
  options?: readonly ExtraId[] | undefined;
  unlimitedKm?: boolean | undefined;
}

export interface RentalQuote {
  vehicle: Vehicle;
  start: Day;
  end: Day;
  quote: Quote;
  delivery: DeliveryFee | null;
  available: boolean;
}

export interface DeliveryFee {
  label: string;
  city: string;
  feeCents: number;
  inIleDeFrance: boolean;
  distanceKm: number;
}

export type BookingStatusResult =
  | { found: false }
  | {
      found: true;
      reference: string;
      status: string;
      paymentStatus: string;
      vehicleName: string;
      pickupDate: string;
      returnDate: string;
      totalPriceCents: number;
    };

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatToolsDependencies {
  db: Queryable;
  geocoder: Geocoder;
  site: SiteInfo;
  now?: () => Date;
}

/** Rentals start and end at 9:00 UTC on the stated days, so the day count is exact. */
const atNine = (day: Day) => `${day}T09:00:00.000Z`;

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

export function createChatTools({
  db,
  geocoder,
  site,
  now = () => new Date(),
}: ChatToolsDependencies): ChatTools {
  let catalogue: Promise<Vehicle[]> | undefined;
  const listVehicles = () => (catalogue ??= findVehicles(db, { availableOnly: true }));

  const today = () => parisDay.format(now());

  async function findVehicle(nameOrSlug: string): Promise<Vehicle | null> {
    const wanted = normalise(nameOrSlug).trim();
    const vehicles = await listVehicles();
    return (
      vehicles.find((vehicle) => vehicle.slug === nameOrSlug.trim().toLowerCase()) ??
      vehicles.find((vehicle) => normalise(vehicle.name).trim() === wanted) ??
      vehicles.find((vehicle) => normalise(vehicle.name).includes(` ${wanted} `)) ??
      null
    );
  }

  function checkPeriod(start: Day, end: Day): ToolFailure | null {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) {
      return { error: 'Dates invalides : format attendu AAAA-MM-JJ.' };
    }
    if (start < today()) return { error: 'La date de début ne peut pas être dans le passé.' };
    if (end <= start) return { error: 'La date de fin doit être postérieure à la date de début.' };
    const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
    if (days > MAX_RENTAL_DAYS) {
      return { error: `La durée de location ne peut pas dépasser ${MAX_RENTAL_DAYS} jours.` };
    }
    return null;
  }

  async function deliveryFee(place: string): Promise<DeliveryFee | null> {
    if (place.trim().length < 2) return null;
    const [address] = await geocoder.search(place, { limit: 1 });
    if (!address) return null;
    return { label: address.label, city: address.city, ...quoteDelivery(address) };
  }

  async function checkAvailability(input: { vehicle: string; start: Day; end: Day }) {
    const vehicle = await findVehicle(input.vehicle);
    if (!vehicle) return { error: 'Véhicule non trouvé' };
    const invalid = checkPeriod(input.start, input.end);
    if (invalid) return invalid;
    const available = await isVehicleFree(db, vehicle.id, {
      start: atNine(input.start),
      end: atNine(input.end),
    });
    return { vehicle, available };
  }

  async function quoteRental(input: QuoteInput): Promise<RentalQuote | ToolFailure> {
    const availability = await checkAvailability(input);
    if ('error' in availability) return availability;
    const { vehicle, available } = availability;
    const delivery = input.place ? await deliveryFee(input.place) : null;
    if (input.place && !delivery) return { error: `Adresse introuvable : ${input.place}` };
    const quote = computeQuote({
      pricePerDayCents: vehicle.pricePerDayCents,
      depositCents: vehicle.depositCents,
      start: new Date(atNine(input.start)),
      end: new Date(atNine(input.end)),
      deliveryFeeCents: delivery?.feeCents ?? 0,
      withDriver: false,
      unlimitedKm: Boolean(input.unlimitedKm) && offersUnlimitedKm(vehicle),
      protection: input.protection ?? 'none',
      options: input.options ?? [],
    });
    return { vehicle, start: input.start, end: input.end, quote, delivery, available };
  }

  async function bookingStatus(input: {
    bookingNumber: string;
    email: string;
  }): Promise<BookingStatusResult> {
    const bookingNumber = input.bookingNumber.trim();
    const email = input.email.trim();
    // Both are required: a number alone, or an e-mail alone, reveals nothing.
    if (
      !/^[0-9a-f]{8}(?:-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i.test(bookingNumber)
    ) {
      return { found: false };
    }
    if (!z.email().safeParse(email).success) return { found: false };
    const row = await findBookingByNumberAndEmail(db, bookingNumber, email);
    if (!row) return { found: false };
    return {
      found: true,
      reference: row.reference,
      status: bookingStatusLabel(row.booking_status),
      paymentStatus: paymentStatusLabel(row.payment_status),
      vehicleName: row.name,
      pickupDate: toDay(row.pickup_date),
      returnDate: toDay(row.return_date),
      totalPriceCents: row.total_price_cents,
    };
  }

  const ProtectionArg = z.enum(PROTECTION_IDS).optional();
  const OptionsArg = z.array(z.enum(EXTRA_IDS)).optional();
  const handlers: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
    list_vehicles: async (args) => {
      const category = typeof args.category === 'string' ? args.category : undefined;
      return (await listVehicles())
        .filter((vehicle) => !category || vehicle.category === category)
        .map((vehicle) => ({
          name: vehicle.name,
          slug: vehicle.slug,
          category: vehicle.category,
          pricePerDay: formatEuros(vehicle.pricePerDayCents),
          deposit: formatEuros(vehicle.depositCents),
          dailyKmLimit: vehicle.dailyKmLimit,
          page: vehiclePage(vehicle.slug),
        }));
    },
    quote_rental: async (args) => {
      const result = await quoteRental({
        vehicle: String(args.vehicle ?? ''),
        start: String(args.start ?? ''),
        end: String(args.end ?? ''),
        place: typeof args.place === 'string' ? args.place : undefined,
        protection: ProtectionArg.catch(undefined).parse(args.protection),
        options: OptionsArg.catch(undefined).parse(args.options),
        unlimitedKm: args.unlimitedKm === true,
      });
      if ('error' in result) return result;
      const { quote, vehicle } = result;
      return {
        vehicle: vehicle.name,
        days: quote.days,
        rental: formatEuros(quote.basePriceCents),
        protection: formatEuros(quote.protectionCostCents),
        options: formatEuros(quote.optionsCostCents),
        unlimitedKm: formatEuros(quote.unlimitedKmCostCents),
        delivery: result.delivery ? formatEuros(result.delivery.feeCents) : 'non calculée',
        total: formatEuros(quote.totalCents),
        deposit: formatEuros(quote.depositCents),
        available: result.available,
        page: vehiclePage(vehicle.slug),
      };
    },
    check_availability: async (args) => {
      const result = await checkAvailability({
        vehicle: String(args.vehicle ?? ''),
        start: String(args.start ?? ''),
        end: String(args.end ?? ''),
      });
      if ('error' in result) return result;
      return {
        vehicle: result.vehicle.name,
        available: result.available,
        page: vehiclePage(result.vehicle.slug),
      };
    },
    delivery_fee: async (args) => {
      const fee = await deliveryFee(String(args.place ?? ''));
      if (!fee) return { error: 'Adresse introuvable' };
      return { ...fee, fee: formatEuros(fee.feeCents) };
    },
    booking_status: async (args) => {
      const result = await bookingStatus({
        bookingNumber: String(args.bookingNumber ?? ''),
        email: String(args.email ?? ''),
      });
      if (!result.found) {
        return {
          found: false,
          message: 'Aucune réservation ne correspond à ce numéro et à cet e-mail.',
          page: PAGES.bookingLookup,
        };
      }
      return { ...result, total: formatEuros(result.totalPriceCents), page: PAGES.bookingLookup };
    },
  };

  return {
    site,
    today,
    listVehicles,
    findVehicle,
    quoteRental,
    checkAvailability,
    deliveryFee,
    bookingStatus,
    definitions: TOOL_DEFINITIONS,
    async run(name, argumentsJson) {
      const handler = handlers[name];
      if (!handler) return JSON.stringify({ error: `Outil inconnu : ${name}` });
      let args: unknown;
      try {
        args = argumentsJson.trim() ? JSON.parse(argumentsJson) : {};
      } catch {
        return JSON.stringify({ error: 'Arguments JSON invalides' });
      }
      if (typeof args !== 'object' || args === null) {
        return JSON.stringify({ error: 'Arguments JSON invalides' });
      }
      try {
        return JSON.stringify(await handler(args as Record<string, unknown>));
      } catch {
        return JSON.stringify({ error: 'Le service est momentanément indisponible.' });
      }
    },
  };
}

const day = { type: 'string', description: 'Jour au format AAAA-MM-JJ' };
const vehicle = { type: 'string', description: 'Slug ou nom du véhicule, ex. porsche-panamera' };

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'list_vehicles',
      description: 'Le catalogue en ligne : véhicules, prix par jour, caution, page.',
      parameters: {
        type: 'object',
        properties: {
          category: { type: 'string', enum: ['Standard', 'Premium', 'Luxe', 'Super Cars'] },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'quote_rental',
      description:
        'Devis exact d’une location (jours, location, protection, options, livraison, total, caution) et disponibilité.',
      parameters: {
        type: 'object',
        properties: {
          vehicle,
          start: day,
          end: day,
          place: { type: 'string', description: 'Ville ou adresse de livraison (facultatif)' },
          protection: { type: 'string', enum: [...PROTECTION_IDS] },
          options: { type: 'array', items: { type: 'string', enum: [...EXTRA_IDS] } },
          unlimitedKm: { type: 'boolean' },
        },
        required: ['vehicle', 'start', 'end'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'check_availability',
      description: 'Le véhicule est-il libre sur toute la période ?',
      parameters: {
        type: 'object',
        properties: { vehicle, start: day, end: day },
        required: ['vehicle', 'start', 'end'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'delivery_fee',
      description: 'Frais de livraison vers une ville, un code postal ou une adresse en France.',
      parameters: {
        type: 'object',
        properties: { place: { type: 'string' } },
        required: ['place'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'booking_status',
      description:
        'Statut d’une réservation : exige le numéro de réservation (8 caractères) ET l’e-mail utilisé pour réserver.',
      parameters: {
        type: 'object',
        properties: { bookingNumber: { type: 'string' }, email: { type: 'string' } },
        required: ['bookingNumber', 'email'],
      },
    },
  },
];
