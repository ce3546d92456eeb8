import { MAX_RENTAL_DAYS } from '@vroum/core/period-rules';
import { bookingStatusLabel, paymentStatusLabel } from '@vroum/core/booking-status';
import { quoteDelivery } from '@vroum/core/delivery';
import { computeQuote, type Quote } from '@vroum/core/pricing';
import type { SiteInfo } from '@vroum/core/site';
import { offersUnlimitedKm, type Vehicle } from '@vroum/core/vehicle';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import {
  TOOL_DEFINITIONS,
  type BookingStatusResult,
  type ChatTools,
  type DeliveryFee,
  type DurationQuote,
  type DurationQuoteInput,
  type QuoteInput,
  type RentalChoices,
  type RentalQuote,
  type ToolFailure,
} from '../../providers/chat/chat-tools';
import { addDays, normalise, toDay, type Day } from '../../providers/chat/french-text';
import type { Geocoder } from '../../providers/geocoding/geocoder';
import { findBookingByNumberAndEmail } from '../bookings/booking-reads.service';
import { listVehicles as listCatalogue, vehicleIsFree } from '../vehicles/vehicles.service';
import { createToolRunner } from './chat-tool-calls';

export interface ChatToolsDependencies {
  db: Queryable;
  geocoder: Geocoder;
  site: SiteInfo;
  now?: () => Date;
}

/** Rentals start and end at 9:00 UTC on the stated days, so the day count is exact. */
const atNine = (day: Day) => `${day}T09:00:00.000Z`;

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/**
 * The assistant's tools (decision 015) on the application's own rules and data: the catalogue
 * and the availability of the vehicles module, the booking look-up of the bookings module (which
 * reveals a booking only to its number and e-mail together), the delivery rule on the configured
 * geocoder, and prices computed by core's `computeQuote`, the same code as checkout.
 */
export function createChatTools({
  db,
  geocoder,
  site,
  now = () => new Date(),
}: ChatToolsDependencies): ChatTools {
  let catalogue: Promise<Vehicle[]> | undefined;
  const listVehicles = () => (catalogue ??= listCatalogue(db, { availableOnly: true }));

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
    const available = await vehicleIsFree(db, vehicle.id, {
      start: atNine(input.start),
      end: atNine(input.end),
    });
    return { vehicle, available };
  }

  /** The checkout's price rule on a period of whole days, with the customer's choices. */
  async function price(
    vehicle: Vehicle,
    start: Day,
    end: Day,
    input: RentalChoices,
  ): Promise<{ quote: Quote; delivery: DeliveryFee | null } | ToolFailure> {
    const delivery = input.place ? await deliveryFee(input.place) : null;
    if (input.place && !delivery) return { error: `Adresse introuvable : ${input.place}` };
    const quote = computeQuote({
      pricePerDayCents: vehicle.pricePerDayCents,
      depositCents: vehicle.depositCents,
      start: new Date(atNine(start)),
      end: new Date(atNine(end)),
      deliveryFeeCents: delivery?.feeCents ?? 0,
      withDriver: false,
      unlimitedKm: Boolean(input.unlimitedKm) && offersUnlimitedKm(vehicle),
      protection: input.protection ?? 'none',
      options: input.options ?? [],
    });
    return { quote, delivery };
  }

  async function quoteRental(input: QuoteInput): Promise<RentalQuote | ToolFailure> {
    const availability = await checkAvailability(input);
    if ('error' in availability) return availability;
    const { vehicle, available } = availability;
    const priced = await price(vehicle, input.start, input.end, input);
    if ('error' in priced) return priced;
    return { vehicle, start: input.start, end: input.end, ...priced, available };
  }

  async function quoteDuration(input: DurationQuoteInput): Promise<DurationQuote | ToolFailure> {
    const vehicle = await findVehicle(input.vehicle);
    if (!vehicle) return { error: 'Véhicule non trouvé' };
    if (!Number.isInteger(input.days) || input.days < 1) {
      return { error: 'La durée de location doit être d’au moins un jour.' };
    }
    if (input.days > MAX_RENTAL_DAYS) {
      return { error: `La durée de location ne peut pas dépasser ${MAX_RENTAL_DAYS} jours.` };
    }
    // The price depends on the number of days only: any period of that length gives it.
    const start = today();
    const priced = await price(vehicle, start, addDays(start, input.days), input);
    if ('error' in priced) return priced;
    return { vehicle, days: input.days, ...priced };
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

  const typed = {
    site,
    today,
    listVehicles,
    findVehicle,
    quoteRental,
    quoteDuration,
    checkAvailability,
    deliveryFee,
    bookingStatus,
  };
  return { ...typed, definitions: TOOL_DEFINITIONS, run: createToolRunner(typed) };
}
