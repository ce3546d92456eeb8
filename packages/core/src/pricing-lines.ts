import { formatEuros } from './money-format';
import { CHAUFFEUR_PER_HOUR_CENTS, type Quote } from './pricing';
import { findProtectionPlan, type ProtectionId } from './protection';

/** One priced line of a rental, as every page and the quote answer show it. */
export interface PriceLine {
  label: string;
  /** Negative for a discount. */
  amountCents: number;
}

export interface PriceLineContext {
  protection: ProtectionId;
  /** The car is collected at another address than the delivery's: its fee gets its own line. */
  collectedElsewhere: boolean;
  /** The promotion code behind `quote.discountCents`, named on its line. */
  promotionCode?: string | null;
}

/** The labels of the delivery and collection lines, whose fee depends on an address. */
export const DELIVERY_LINE = 'Livraison';
export const COLLECTION_LINE = 'Restitution à une autre adresse';

const daysLabel = (days: number) => `${days}\u00a0${days > 1 ? 'jours' : 'jour'}`;

/**
 * The lines of a priced rental, in the order the customer reads them: the car's days, the
 * chauffeur, unlimited kilometres, delivery, collection elsewhere, the protection, each option,
 * then the promotion. Free delivery keeps its line (at 0); a protection or service not chosen has
 * none. The server answers these lines with its quote and the funnel shows the same ones while
 * the customer chooses.
 */
export function quoteLines(quote: Quote, context: PriceLineContext): PriceLine[] {
  const perDayCents = quote.days > 0 ? Math.round(quote.basePriceCents / quote.days) : 0;
  const lines: PriceLine[] = [
    {
      label: `${formatEuros(perDayCents)} × ${daysLabel(quote.days)}`,
      amountCents: quote.basePriceCents,
    },
  ];
  if (quote.chauffeurCostCents > 0) {
    lines.push({
      label: `Chauffeur\u00a0: ${quote.chauffeurHours}\u00a0h × ${formatEuros(CHAUFFEUR_PER_HOUR_CENTS)}`,
      amountCents: quote.chauffeurCostCents,
    });
  }
  if (quote.unlimitedKmCostCents > 0) {
    lines.push({
      label: `Kilométrage illimité × ${daysLabel(quote.days)}`,
      amountCents: quote.unlimitedKmCostCents,
    });
  }
  lines.push({ label: DELIVERY_LINE, amountCents: quote.deliveryFeeCents });
  if (context.collectedElsewhere) {
    lines.push({ label: COLLECTION_LINE, amountCents: quote.returnFeeCents });
  }
  if (quote.protectionCostCents > 0) {
    lines.push({
      label: findProtectionPlan(context.protection).name,
      amountCents: quote.protectionCostCents,
    });
  }
  for (const option of quote.optionLines) {
    lines.push({ label: option.name, amountCents: option.amountCents });
  }
  if (quote.discountCents > 0) {
    const code = context.promotionCode ? ` ${context.promotionCode}` : '';
    lines.push({ label: `Code promo${code}`, amountCents: -quote.discountCents });
  }
  return lines;
}
