import { z } from 'zod';

/** Car rental in mainland France: 20 %, in basis points. */
export const STANDARD_VAT_BP = 2000;

/**
 * The accounts a document's lines are booked to: services sold (with VAT), damage compensation
 * (outside the scope of VAT, decision 039), VAT collected, the customer, the bank.
 */
export const ACCOUNTS = {
  services: { number: '706', label: 'Prestations de services' },
  damages: { number: '758', label: 'Indemnités de dommages' },
  vat: { number: '44571', label: 'TVA collectée' },
  customers: { number: '411', label: 'Clients' },
  bank: { number: '512', label: 'Banque' },
} as const;

/** What a line is before its VAT is computed: the customer pays `ttcCents`. */
export interface DraftLine {
  label: string;
  quantity: number;
  /** Including VAT (the price the customer is shown); negative for a discount. */
  ttcCents: number;
  /** 'standard': 20 %; 'outside': damage compensation, outside the scope of VAT. */
  vat: 'standard' | 'outside';
}

export const DocumentLine = z.object({
  label: z.string(),
  quantity: z.number().int(),
  unitHtCents: z.number().int(),
  /** Null: outside the scope of VAT. */
  vatRateBp: z.number().int().nullable(),
  htCents: z.number().int(),
  vatCents: z.number().int(),
  ttcCents: z.number().int(),
  account: z.string(),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

export interface DocumentTotals {
  htCents: number;
  vatCents: number;
  ttcCents: number;
}

/**
 * The lines with their VAT, and the totals. VAT is computed once per rate on the total
 * including VAT of that rate (what the customer paid stays exact to the cent), then shared
 * among the rate's lines, the rounding difference going to its largest line: the lines, the
 * per-rate amounts and the totals always add up.
 */
export function priceDocumentLines(drafts: readonly DraftLine[]): {
  lines: DocumentLine[];
  totals: DocumentTotals;
} {
  const lines: DocumentLine[] = drafts.map((draft) => {
    const rate = draft.vat === 'standard' ? STANDARD_VAT_BP : null;
    const htCents = rate === null ? draft.ttcCents : exclusiveOfVat(draft.ttcCents, rate);
    return {
      label: draft.label,
      quantity: draft.quantity,
      unitHtCents: draft.quantity > 0 ? Math.round(htCents / draft.quantity) : htCents,
      vatRateBp: rate,
      htCents,
      vatCents: draft.ttcCents - htCents,
      ttcCents: draft.ttcCents,
      account: rate === null ? ACCOUNTS.damages.number : ACCOUNTS.services.number,
    };
  });
  for (const rate of new Set(lines.map((line) => line.vatRateBp))) {
    if (rate === null) continue;
    const ofRate = lines.filter((line) => line.vatRateBp === rate);
    const ttc = ofRate.reduce((sum, line) => sum + line.ttcCents, 0);
    const gap = exclusiveOfVat(ttc, rate) - ofRate.reduce((sum, line) => sum + line.htCents, 0);
    if (gap === 0) continue;
    const largest = ofRate.reduce((a, b) => (Math.abs(b.ttcCents) > Math.abs(a.ttcCents) ? b : a));
    largest.htCents += gap;
    largest.vatCents -= gap;
    largest.unitHtCents =
      largest.quantity > 0 ? Math.round(largest.htCents / largest.quantity) : largest.htCents;
  }
  const totals = lines.reduce(
    (sum, line) => ({
      htCents: sum.htCents + line.htCents,
      vatCents: sum.vatCents + line.vatCents,
      ttcCents: sum.ttcCents + line.ttcCents,
    }),
    { htCents: 0, vatCents: 0, ttcCents: 0 },
  );
  return { lines, totals };
}

/** The amount excluding VAT within `ttcCents` at `rateBp`, rounded to the cent. */
export function exclusiveOfVat(ttcCents: number, rateBp: number): number {
  return Math.round((ttcCents * 10_000) / (10_000 + rateBp));
}

/** The VAT of a document by rate, as the invoice prints it and the journal books it. */
export function vatByRate(
  lines: readonly DocumentLine[],
): { rateBp: number | null; htCents: number; vatCents: number }[] {
  const rates = [...new Set(lines.map((line) => line.vatRateBp))];
  return rates.map((rateBp) => {
    const ofRate = lines.filter((line) => line.vatRateBp === rateBp);
    return {
      rateBp,
      htCents: ofRate.reduce((sum, line) => sum + line.htCents, 0),
      vatCents: ofRate.reduce((sum, line) => sum + line.vatCents, 0),
    };
  });
}

/**
 * Shares `amountCents` among `parts` in proportion to their weights, to the cent: the rounding
 * difference goes to the last part (a credit note over an invoice of several rates).
 */
export function shareInProportion(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map((_, index) => (index === 0 ? amountCents : 0));
  const shares = weights.map((weight) => Math.round((amountCents * weight) / total));
  const gap = amountCents - shares.reduce((sum, share) => sum + share, 0);
  shares[shares.length - 1]! += gap;
  return shares;
}

/** A document's number: its series (type and year) and its place in it, e.g. F-2026-000042. */
export const documentNumber = (series: string, seq: number) =>
  `${series}-${String(seq).padStart(6, '0')}`;

export const DOCUMENT_PREFIX = { invoice: 'F', credit_note: 'AV' } as const;
export type DocumentKind = keyof typeof DOCUMENT_PREFIX;

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  invoice: 'Facture',
  credit_note: 'Avoir',
};

/** An issued document as the customer and the console list it. */
export const InvoicingDocumentSummary = z.object({
  id: z.uuid(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  bookingId: z.uuid(),
  bookingReference: z.string(),
  customerName: z.string(),
  issuedAt: z.string(),
  totalHtCents: z.number().int(),
  totalVatCents: z.number().int(),
  totalTtcCents: z.number().int(),
  /** For a credit note, the number of the invoice it corrects. */
  correctsNumber: z.string().nullable(),
});
export type InvoicingDocumentSummary = z.infer<typeof InvoicingDocumentSummary>;

export const InvoicingDocumentList = z.object({ documents: z.array(InvoicingDocumentSummary) });
export type InvoicingDocumentList = z.infer<typeof InvoicingDocumentList>;

const day = z.iso.date('Date invalide (AAAA-MM-JJ).');

/** The console's filter: a period of issue dates (Paris days, both included), a number, a booking. */
export const InvoicingDocumentQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    number: z.string().trim().max(40).optional(),
    booking: z.string().trim().max(40).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La fin de la période précède son début.',
    path: ['to'],
  });
export type InvoicingDocumentQuery = z.infer<typeof InvoicingDocumentQuery>;

/** An export's period: Paris days, both included, at most a year and a bit. */
export const AccountingPeriod = z
  .object({ from: day, to: day })
  .refine((period) => period.from <= period.to, {
    message: 'La fin de la période précède son début.',
    path: ['to'],
  })
  .refine((period) => Date.parse(period.to) - Date.parse(period.from) <= 400 * 86_400_000, {
    message: 'Une période d’export couvre au plus un exercice.',
    path: ['to'],
  });
export type AccountingPeriod = z.infer<typeof AccountingPeriod>;
