import { formatPrice } from '@vroum/core/money-format';
import { EXTRA_IDS } from '@vroum/core/extras';
import { PROTECTION_IDS } from '@vroum/core/protection';
import type { Quote } from '@vroum/core/pricing';
import type { Vehicle } from '@vroum/core/vehicle';
import { z } from 'zod';
import type { ChatTools, DeliveryFee } from '../../providers/chat/chat-tools';
import { PAGES, vehiclePage } from '../../providers/chat/knowledge';

type TypedTools = Omit<ChatTools, 'definitions' | 'run'>;

const ProtectionArg = z.enum(PROTECTION_IDS).optional().catch(undefined);
const OptionsArg = z.array(z.enum(EXTRA_IDS)).optional().catch(undefined);
const DaysArg = z.coerce.number().int().optional().catch(undefined);

/** The amounts of a quote as a remote model reads them: French euros, the vehicle's page. */
function describeQuote(
  vehicle: Vehicle,
  quote: Quote,
  delivery: DeliveryFee | null,
  available: boolean | string,
) {
  return {
    vehicle: vehicle.name,
    days: quote.days,
    rental: formatPrice(quote.basePriceCents),
    protection: formatPrice(quote.protectionCostCents),
    options: formatPrice(quote.optionsCostCents),
    unlimitedKm: formatPrice(quote.unlimitedKmCostCents),
    delivery: delivery ? formatPrice(delivery.feeCents) : 'non calculée',
    total: formatPrice(quote.totalCents),
    deposit: formatPrice(quote.depositCents),
    available,
    page: vehiclePage(vehicle.slug),
  };
}

/**
 * The function calls of a remote model (decision 015) on the typed tools: JSON arguments in,
 * JSON out, never a throw (an unknown tool, bad arguments or a failing service become an error
 * the model can read).
 */
/** A text argument as the model sent it; anything else (an object, a list) is no text at all. */
const textArg = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export function createToolRunner(tools: TypedTools): ChatTools['run'] {
  const choices = (args: Record<string, unknown>) => ({
    vehicle: textArg(args.vehicle),
    place: typeof args.place === 'string' ? args.place : undefined,
    protection: ProtectionArg.parse(args.protection),
    options: OptionsArg.parse(args.options),
    unlimitedKm: args.unlimitedKm === true,
  });

  const handlers: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
    list_vehicles: async (args) => {
      const category = typeof args.category === 'string' ? args.category : undefined;
      return (await tools.listVehicles())
        .filter((vehicle) => !category || vehicle.category === category)
        .map((vehicle) => ({
          name: vehicle.name,
          slug: vehicle.slug,
          category: vehicle.category,
          pricePerDay: formatPrice(vehicle.pricePerDayCents),
          deposit: formatPrice(vehicle.depositCents),
          dailyKmLimit: vehicle.dailyKmLimit,
          page: vehiclePage(vehicle.slug),
        }));
    },
    quote_rental: async (args) => {
      const days = DaysArg.parse(args.days);
      // Without dates, a number of days still has a price; its availability is not known.
      if (days !== undefined && !args.start && !args.end) {
        const result = await tools.quoteDuration({ ...choices(args), days });
        if ('error' in result) return result;
        return describeQuote(
          result.vehicle,
          result.quote,
          result.delivery,
          'non vérifiée : dates non indiquées',
        );
      }
      const result = await tools.quoteRental({
        ...choices(args),
        start: textArg(args.start),
        end: textArg(args.end),
      });
      if ('error' in result) return result;
      return describeQuote(result.vehicle, result.quote, result.delivery, result.available);
    },
    check_availability: async (args) => {
      const result = await tools.checkAvailability({
        vehicle: textArg(args.vehicle),
        start: textArg(args.start),
        end: textArg(args.end),
      });
      if ('error' in result) return result;
      return {
        vehicle: result.vehicle.name,
        available: result.available,
        page: vehiclePage(result.vehicle.slug),
      };
    },
    delivery_fee: async (args) => {
      const fee = await tools.deliveryFee(textArg(args.place));
      if (!fee) return { error: 'Adresse introuvable' };
      return { ...fee, fee: formatPrice(fee.feeCents) };
    },
    booking_status: async (args) => {
      const result = await tools.bookingStatus({
        bookingNumber: textArg(args.bookingNumber),
        email: textArg(args.email),
      });
      if (!result.found) {
        return {
          found: false,
          message: 'Aucune réservation ne correspond à ce numéro et à cet e-mail.',
          page: PAGES.bookingLookup,
        };
      }
      return { ...result, total: formatPrice(result.totalPriceCents), page: PAGES.bookingLookup };
    },
  };

  return async (name, argumentsJson) => {
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
  };
}
