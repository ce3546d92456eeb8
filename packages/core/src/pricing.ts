import type { PeriodPrice } from './availability';
import { extraCostCents, findExtra, type ExtraId } from './extras';
import { findProtectionPlan, type ProtectionId } from './protection';

/**
 * The business constants of a rental (chauffeur, unlimited km, included and extra km), in cents.
 */
export const CHAUFFEUR_PER_HOUR_CENTS = 4000;
export const UNLIMITED_KM_PER_DAY_CENTS = 5000;
export const INCLUDED_KM_PER_RENTAL = 1000;
export const EXTRA_KM_CENTS = 47;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Rental days = the time between start and end in days, rounded up, minimum 1. */
export function rentalDays(start: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - start.getTime()) / DAY_MS));
}

/** Chauffeur hours = the elapsed hours rounded up, minimum 1. */
export function chauffeurHours(start: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - start.getTime()) / HOUR_MS));
}

export interface PromotionDiscount {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** Hundredths of a percent (1050 = 10.5 %) for a percentage, cents for a fixed amount. */
  discountValue: number;
}

export interface QuoteInput {
  pricePerDayCents: number;
  depositCents: number;
  start: Date;
  end: Date;
  deliveryFeeCents: number;
  /** Collecting the car at another address than the delivery's (0 when it is the same). */
  returnFeeCents?: number;
  withDriver: boolean;
  unlimitedKm: boolean;
  protection: ProtectionId;
  options: readonly ExtraId[];
  promotion?: PromotionDiscount | null;
}

export interface QuoteOptionLine {
  id: ExtraId;
  name: string;
  amountCents: number;
}

export interface Quote {
  days: number;
  chauffeurHours: number;
  basePriceCents: number;
  protectionCostCents: number;
  optionsCostCents: number;
  optionLines: QuoteOptionLine[];
  chauffeurCostCents: number;
  unlimitedKmCostCents: number;
  deliveryFeeCents: number;
  returnFeeCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** Held on the card, never part of the total charged. */
  depositCents: number;
}

/**
 * The priced quote, computed by the server from ids and dates only: days × price/day +
 * protection/day × days + options (per day × days, or one-off) + unlimited km (50 €/day) +
 * chauffeur (40 €/h) + delivery + collection at another address − promotion. Without protection and
 * options, it is the total shown on the vehicle page.
 */
export function computeQuote(input: QuoteInput): Quote {
  const days = rentalDays(input.start, input.end);
  const hours = chauffeurHours(input.start, input.end);
  const basePriceCents = days * input.pricePerDayCents;
  const protectionCostCents = findProtectionPlan(input.protection).pricePerDayCents * days;
  const optionLines = [...new Set(input.options)].map((id) => {
    const extra = findExtra(id);
    return { id, name: extra.name, amountCents: extraCostCents(extra, days) };
  });
  const optionsCostCents = optionLines.reduce((sum, line) => sum + line.amountCents, 0);
  const chauffeurCostCents = input.withDriver ? hours * CHAUFFEUR_PER_HOUR_CENTS : 0;
  const unlimitedKmCostCents = input.unlimitedKm ? days * UNLIMITED_KM_PER_DAY_CENTS : 0;
  const deliveryFeeCents = Math.max(0, input.deliveryFeeCents);
  const returnFeeCents = Math.max(0, input.returnFeeCents ?? 0);
  const subtotalCents =
    basePriceCents +
    protectionCostCents +
    optionsCostCents +
    chauffeurCostCents +
    unlimitedKmCostCents +
    deliveryFeeCents +
    returnFeeCents;
  const discountCents = discountFor(subtotalCents, input.promotion ?? null);
  return {
    days,
    chauffeurHours: input.withDriver ? hours : 0,
    basePriceCents,
    protectionCostCents,
    optionsCostCents,
    optionLines,
    chauffeurCostCents,
    unlimitedKmCostCents,
    deliveryFeeCents,
    returnFeeCents,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    depositCents: input.depositCents,
  };
}

/** The price of each car for a period, by vehicle id: what the fleet and search cards show. */
export function periodPrices(
  vehicles: readonly { id: string; pricePerDayCents: number; depositCents: number }[],
  period: { start: string; end: string },
): Record<string, PeriodPrice> {
  const start = new Date(period.start);
  const end = new Date(period.end);
  return Object.fromEntries(
    vehicles.map((vehicle) => {
      const quote = computeQuote({
        pricePerDayCents: vehicle.pricePerDayCents,
        depositCents: vehicle.depositCents,
        start,
        end,
        deliveryFeeCents: 0,
        withDriver: false,
        unlimitedKm: false,
        protection: 'none',
        options: [],
      });
      return [vehicle.id, { days: quote.days, totalCents: quote.totalCents }];
    }),
  );
}

function discountFor(subtotalCents: number, promotion: PromotionDiscount | null): number {
  if (!promotion) return 0;
  const raw =
    promotion.discountType === 'percentage'
      ? Math.round((subtotalCents * promotion.discountValue) / 10_000)
      : promotion.discountValue;
  return Math.min(subtotalCents, Math.max(0, raw));
}
