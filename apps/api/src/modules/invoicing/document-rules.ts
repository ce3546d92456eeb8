import { extraCostCents, findExtra, type ExtraId } from '@vroum/core/extras';
import type { DocumentKind, DraftLine } from '@vroum/core/invoicing';
import { CHAUFFEUR_PER_HOUR_CENTS, EXTRA_KM_CENTS, rentalDays } from '@vroum/core/pricing';
import { findProtectionPlan } from '@vroum/core/protection';
import { REFUEL_CENTS_PER_PERCENT } from '@vroum/core/return-charges';
import type {
  BookingFactsRow,
  ExtensionFacts,
  ReturnChargeFacts,
} from './invoicing-facts.repository';

/**
 * What a document states of its sale: the rental as priced at payment, a share of what the
 * return decided (kilometres, fuel, approved damage), an extension as priced when it was paid,
 * or the movement's own note.
 */
export type DocumentContent = 'rental' | 'return_charges' | 'extension' | 'note';

export interface DocumentRule {
  kind: DocumentKind;
  /** For an invoice, where its lines come from; a credit note follows the invoice it corrects. */
  content: DocumentContent;
  /** How the money moved, as printed ('' for a sum still owed). */
  paymentMethod: string;
}

/**
 * The ledger's movements that are sales (an invoice) or give a sale back (a credit note): a new
 * kind of sale needs one line here. A hold, a release, a void, or a payment of a sum already
 * invoiced ('balance_payment') is no sale.
 */
export const DOCUMENT_RULES: Readonly<Record<string, DocumentRule>> = {
  rental_capture: { kind: 'invoice', content: 'rental', paymentMethod: 'Carte bancaire' },
  deposit_capture: {
    kind: 'invoice',
    content: 'return_charges',
    paymentMethod: 'Carte bancaire (prélevé sur la caution)',
  },
  card_charge: {
    kind: 'invoice',
    content: 'return_charges',
    paymentMethod: 'Carte bancaire enregistrée',
  },
  charge_due: { kind: 'invoice', content: 'return_charges', paymentMethod: '' },
  extension_payment: {
    kind: 'invoice',
    content: 'extension',
    paymentMethod: 'Carte bancaire (3-D Secure)',
  },
  rental_refund: {
    kind: 'credit_note',
    content: 'note',
    paymentMethod: 'Remboursement sur la carte bancaire',
  },
  charge_waived: { kind: 'credit_note', content: 'note', paymentMethod: 'Somme due annulée' },
};

export const DOCUMENT_KINDS = Object.keys(DOCUMENT_RULES);
export const kindsWithContent = (content: DocumentContent) =>
  DOCUMENT_KINDS.filter((kind) => DOCUMENT_RULES[kind]!.content === content);

const days = (n: number) => `${n}\u00a0${n > 1 ? 'jours' : 'jour'}`;
const standard = (label: string, quantity: number, ttcCents: number): DraftLine => ({
  label,
  quantity,
  ttcCents,
  vat: 'standard',
});

/**
 * The rental's lines from the price stored with the booking: days × daily price, protection,
 * each option, chauffeur, unlimited kilometres, delivery and collection, the promotion. A
 * captured amount that differs from the booking's total (which should not happen) gets a line
 * of its own, so the invoice always equals the money received.
 */
export function rentalLines(booking: BookingFactsRow, amountCents: number): DraftLine[] {
  const n = rentalDays(booking.pickup_date, booking.booked_return_date);
  const lines: DraftLine[] = [
    standard(`Location ${booking.vehicle_name} (${days(n)})`, n, booking.base_price_cents),
  ];
  if (booking.protection_cost_cents > 0) {
    const plan = findProtectionPlan(booking.protection_plan);
    lines.push(standard(`Protection ${plan.name}`, n, booking.protection_cost_cents));
  }
  const options = booking.options.map((id) => findExtra(id as ExtraId));
  const optionCents = options.map((extra) => extraCostCents(extra, n));
  if (optionCents.reduce((sum, cents) => sum + cents, 0) === booking.options_cost_cents) {
    options.forEach((extra, index) =>
      lines.push(standard(extra.name, 'pricePerDayCents' in extra ? n : 1, optionCents[index]!)),
    );
  } else if (booking.options_cost_cents > 0) {
    lines.push(standard('Options', 1, booking.options_cost_cents));
  }
  if (booking.chauffeur_cost_cents > 0) {
    const hours = booking.chauffeur_cost_cents / CHAUFFEUR_PER_HOUR_CENTS;
    lines.push(
      Number.isInteger(hours)
        ? standard('Chauffeur (heures)', hours, booking.chauffeur_cost_cents)
        : standard('Chauffeur', 1, booking.chauffeur_cost_cents),
    );
  }
  if (booking.unlimited_km_cost_cents > 0) {
    lines.push(standard('Kilométrage illimité', n, booking.unlimited_km_cost_cents));
  }
  lines.push(standard('Livraison', 1, booking.delivery_fee_cents));
  if (booking.return_fee_cents > 0) {
    lines.push(standard('Restitution à une autre adresse', 1, booking.return_fee_cents));
  }
  if (booking.discount_cents > 0) {
    const code = booking.promotion_code ? ` ${booking.promotion_code}` : '';
    lines.push(standard(`Remise (code promo${code})`, 1, -booking.discount_cents));
  }
  return withAdjustment(lines, amountCents);
}

/** A received amount that differs from the lines (which should not happen) gets its own line. */
function withAdjustment(lines: DraftLine[], amountCents: number): DraftLine[] {
  const gap = amountCents - lines.reduce((sum, line) => sum + line.ttcCents, 0);
  if (gap !== 0) lines.push(standard('Ajustement au montant encaissé', 1, gap));
  return lines;
}

/**
 * An extension's lines, as priced when the customer paid it: the added days first (its
 * quantity), then chauffeur, kilometres, protection and each per-day option.
 */
export function extensionLines(extension: ExtensionFacts, amountCents: number): DraftLine[] {
  const lines = extension.lines.map((line, index) =>
    index === 0
      ? standard(`Prolongation — ${line.label}`, Math.max(1, extension.days), line.amountCents)
      : standard(line.label, 1, line.amountCents),
  );
  return withAdjustment(lines, amountCents);
}

/**
 * The share of what the return decided that one movement takes: the charges are taken in order
 * (kilometres, fuel, damage) from what earlier movements of the return already invoiced, so the
 * deposit's part, the card's and a sum owed each get their own lines and, together, every item
 * once. Damage compensation is outside the scope of VAT (decision 039); anything beyond the
 * decided charges is a plain service line.
 */
export function returnChargeLines(
  charges: ReturnChargeFacts | null,
  alreadyInvoicedCents: number,
  amountCents: number,
  fallbackLabel: string,
): DraftLine[] {
  const items: (DraftLine & { unitCents: number })[] = charges
    ? [
        {
          label: 'Kilomètres supplémentaires',
          quantity: charges.extraKm,
          unitCents: EXTRA_KM_CENTS,
          ttcCents: charges.extraKmCents,
          vat: 'standard' as const,
        },
        {
          label: 'Carburant ou recharge manquant (en % du réservoir)',
          quantity: charges.missingFuelPercent,
          unitCents: REFUEL_CENTS_PER_PERCENT,
          ttcCents: charges.fuelCents,
          vat: 'standard' as const,
        },
        {
          label: 'Indemnité de dommages (hors champ de TVA)',
          quantity: 1,
          unitCents: charges.damageCents,
          ttcCents: charges.damageCents,
          vat: 'outside' as const,
        },
      ].filter((item) => item.ttcCents > 0)
    : [];
  const lines: DraftLine[] = [];
  let skip = alreadyInvoicedCents;
  let left = amountCents;
  for (const item of items) {
    if (left === 0) break;
    const available = item.ttcCents - Math.min(skip, item.ttcCents);
    skip = Math.max(0, skip - item.ttcCents);
    if (available === 0) continue;
    const taken = Math.min(available, left);
    left -= taken;
    // A whole item keeps its quantity; a part of one is one unit of that part.
    const whole = taken === item.ttcCents && item.quantity * item.unitCents === item.ttcCents;
    lines.push({
      label: whole ? item.label : `${item.label} (part)`,
      quantity: whole ? item.quantity : 1,
      ttcCents: taken,
      vat: item.vat,
    });
  }
  if (left > 0) lines.push(standard(fallbackLabel, 1, left));
  return lines;
}

/**
 * The movements the bank journal books: money received (by card, or outside for a balance) and
 * money paid back. A sum owed or given up moves no money; a deposit held is not received.
 */
export const BANK_MOVEMENTS: Readonly<Record<string, 'in' | 'out'>> = {
  rental_capture: 'in',
  deposit_capture: 'in',
  card_charge: 'in',
  balance_payment: 'in',
  extension_payment: 'in',
  rental_refund: 'out',
};
