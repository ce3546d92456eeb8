import { EXTRA_IDS, type ExtraId } from '@vroum/core/extras';
import type { Quote } from '@vroum/core/pricing';
import { PROTECTION_IDS, type ProtectionId } from '@vroum/core/protection';
import type { SiteInfo } from '@vroum/core/site';
import type { Vehicle } from '@vroum/core/vehicle';
import type { Day } from './french-text';

/**
 * The tools a chat model may use on our own services (decision 015), part of the chat model's
 * port: the live catalogue, a price quote, a vehicle's availability, a delivery fee, and a
 * booking's status, which needs both the booking number and its e-mail. The chat module builds
 * them from the application's modules (modules/chat/chat-tools.ts). The built-in assistant calls
 * the typed methods; a remote model calls `run` with the JSON arguments of a function call.
 */
export interface ChatTools {
  readonly site: SiteInfo;
  /** Today in Paris, 'yyyy-mm-dd'. */
  today(): Day;
  listVehicles(): Promise<Vehicle[]>;
  findVehicle(nameOrSlug: string): Promise<Vehicle | null>;
  quoteRental(input: QuoteInput): Promise<RentalQuote | ToolFailure>;
  /** The price of a rental of so many days whose dates are not chosen yet (no availability). */
  quoteDuration(input: DurationQuoteInput): Promise<DurationQuote | ToolFailure>;
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

/** What the customer chose around the vehicle: delivery place, protection, options. */
export interface RentalChoices {
  vehicle: string;
  place?: string | undefined;
  protection?: ProtectionId | undefined;
  options?: readonly ExtraId[] | undefined;
  unlimitedKm?: boolean | undefined;
}

export interface QuoteInput extends RentalChoices {
  start: Day;
  end: Day;
}

export interface DurationQuoteInput extends RentalChoices {
  days: number;
}

export interface DurationQuote {
  vehicle: Vehicle;
  days: number;
  quote: Quote;
  delivery: DeliveryFee | null;
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
        'Devis exact d’une location (jours, location, protection, options, livraison, total, caution) et disponibilité. Sans dates connues, donner days (nombre de jours) au lieu de start et end : le prix est exact, la disponibilité non vérifiée.',
      parameters: {
        type: 'object',
        properties: {
          vehicle,
          start: day,
          end: day,
          days: { type: 'integer', minimum: 1, description: 'Nombre de jours, sans dates' },
          place: { type: 'string', description: 'Ville ou adresse de livraison (facultatif)' },
          protection: { type: 'string', enum: [...PROTECTION_IDS] },
          options: { type: 'array', items: { type: 'string', enum: [...EXTRA_IDS] } },
          unlimitedKm: { type: 'boolean' },
        },
        required: ['vehicle'],
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
