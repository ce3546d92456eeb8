import {
  DOCUMENT_PREFIX,
  documentNumber,
  priceDocumentLines,
  shareInProportion,
  type DocumentLine,
  type DraftLine,
} from '@vroum/core/invoicing';
import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import {
  DOCUMENT_KINDS,
  DOCUMENT_RULES,
  extensionLines,
  kindsWithContent,
  rentalLines,
  returnChargeLines,
} from './document-rules';
import { documentMail } from './document-mail';
import {
  findBookingFacts,
  findExtensionFacts,
  findReturnChargeFacts,
  type BookingFactsRow,
} from './invoicing-facts.repository';
import {
  allocateDocumentNumber,
  findBookingInvoices,
  findMovementsWithoutDocument,
  insertDocument,
  invoicedOfKinds,
  lockMovementWithoutDocument,
  type MovementToDocument,
} from './invoicing.repository';
import { storeDocumentPdf } from './document-files';

export interface InvoicingDeps {
  db: Database;
  storage: ObjectStorage;
  site: SiteInfo;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** The seller as every document prints it, from the site's configured facts. */
export const sellerOf = (site: SiteInfo) => ({
  legalName: site.legalName,
  legalForm: site.legalForm,
  address: site.legalAddress,
  siren: site.siren,
  siret: site.siret,
  rcs: `RCS ${site.rcsCity} ${site.siren}`,
  shareCapital: site.shareCapital,
  vatNumber: site.vatNumber,
});

const customerOf = (booking: BookingFactsRow) => {
  const d = booking.driver_info ?? {};
  const name = `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim() || booking.user_name || 'Client';
  const street = d.address ?? '';
  const city = [d.postalCode, d.city].filter(Boolean).join(' ');
  return {
    name,
    address: [street, city, d.country && d.country !== 'FR' ? d.country : '']
      .filter(Boolean)
      .join(', '),
    email: booking.customer_email ?? booking.user_email ?? d.email ?? '',
  };
};

/**
 * Issues the document of one movement of the ledger in a transaction of its own: the number is
 * taken from its series' counter row, the lines are written with it, and the customer's mail is
 * queued; a failure anywhere rolls all of it back, number included. Answers the document's id,
 * or null when the movement needs none or already has it.
 */
export async function issueDocumentFor(
  deps: InvoicingDeps,
  movementId: number,
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const movement = await lockMovementWithoutDocument(tx, movementId);
    const rule = movement ? DOCUMENT_RULES[movement.kind] : undefined;
    if (!movement || !rule || movement.amount_cents <= 0) return null;
    const booking = await findBookingFacts(tx, movement.booking_id);
    if (!booking) return null;
    const content =
      rule.kind === 'invoice'
        ? await invoiceContent(tx, booking, movement)
        : await creditContent(tx, movement);
    if (!content) {
      deps.log.warn({ movementId }, 'a refund without an invoice to correct');
      return null;
    }
    const { lines, totals } = priceDocumentLines(content.drafts);
    // An extension's invoice is for its own days; every other document for the whole rental.
    const period = 'period' in content ? content.period : undefined;
    const { series, seq, issuedAt } = await allocateDocumentNumber(tx, DOCUMENT_PREFIX[rule.kind]);
    const number = documentNumber(series, seq);
    const customer = customerOf(booking);
    const id = await insertDocument(tx, {
      kind: rule.kind,
      series,
      seq,
      number,
      bookingId: booking.id,
      movementId: movement.id,
      correctsId: content.corrects?.id ?? null,
      issuedAt,
      seller: sellerOf(deps.site),
      customer,
      serviceFrom: period?.from ?? booking.pickup_date,
      serviceTo: period?.to ?? booking.return_date,
      lines,
      payment: {
        method: rule.paymentMethod
          ? movement.provider === 'outside'
            ? 'Virement, chèque ou espèces'
            : rule.paymentMethod
          : null,
        date: rule.paymentMethod ? movement.moved_at.toISOString() : null,
        due: rule.paymentMethod ? null : 'À régler à réception de la facture',
      },
      totalHtCents: totals.htCents,
      totalVatCents: totals.vatCents,
      totalTtcCents: totals.ttcCents,
    });
    if (customer.email) {
      await documentMail(tx, deps.site, {
        to: customer.email,
        kind: rule.kind,
        number,
        bookingId: booking.id,
        reference: booking.reference,
        totalCents: totals.ttcCents,
        corrects: content.corrects?.number ?? null,
      });
    }
    return id;
  });
}

async function invoiceContent(
  tx: Queryable,
  booking: BookingFactsRow,
  movement: MovementToDocument,
): Promise<{ drafts: DraftLine[]; corrects?: undefined; period?: { from: Date; to: Date } }> {
  const rule = DOCUMENT_RULES[movement.kind]!;
  if (rule.content === 'rental') return { drafts: rentalLines(booking, movement.amount_cents) };
  const extension =
    rule.content === 'extension' ? await findExtensionFacts(tx, movement.idempotency_key) : null;
  if (extension) {
    return {
      drafts: extensionLines(extension, movement.amount_cents),
      period: { from: extension.from_date, to: extension.to_date },
    };
  }
  const label = movement.note?.trim() || 'Frais de restitution';
  if (rule.content === 'note') {
    return { drafts: [{ label, quantity: 1, ttcCents: movement.amount_cents, vat: 'standard' }] };
  }
  const kinds = kindsWithContent('return_charges');
  const [charges, already] = await Promise.all([
    findReturnChargeFacts(tx, booking.id),
    invoicedOfKinds(tx, booking.id, kinds),
  ]);
  return {
    drafts: returnChargeLines(charges, already, movement.amount_cents, label),
  };
}

/**
 * A credit note corrects the invoice of the payment it gives back (the ledger movement the refund
 * names, else the same processor payment), else the booking's oldest invoice not yet wholly
 * credited; a contested return's refund corrects an invoice of return charges. Its lines give
 * back each rate and account of that invoice in proportion.
 */
async function creditContent(
  tx: Queryable,
  movement: MovementToDocument,
): Promise<{ drafts: DraftLine[]; corrects: { id: string; number: string } } | null> {
  const invoices = await findBookingInvoices(tx, movement.booking_id);
  const open = invoices.filter((invoice) => invoice.total_ttc_cents > invoice.credited_cents);
  const fits = (invoice: (typeof open)[number]) =>
    invoice.total_ttc_cents - invoice.credited_cents >= movement.amount_cents;
  // A contested return's refund gives back return charges, whichever card payment carries it.
  const disputed = movement.idempotency_key.startsWith('dispute:');
  const chargeKinds = kindsWithContent('return_charges');
  const charges = open.filter((invoice) => chargeKinds.includes(invoice.movement_kind));
  // The invoice of the very payment the refund gave back, as the ledger names it.
  const named =
    movement.refunds_movement_id === null
      ? undefined
      : open.find((invoice) => invoice.movement_id === movement.refunds_movement_id);
  const namedCharge = named && chargeKinds.includes(named.movement_kind) ? named : undefined;
  const corrected =
    (disputed ? (namedCharge ?? charges.find(fits) ?? charges.at(-1)) : undefined) ??
    named ??
    open.find(
      (invoice) =>
        movement.provider_ref !== null &&
        invoice.provider_ref === movement.provider_ref &&
        movement.kind === 'rental_refund',
    ) ??
    (movement.kind === 'charge_waived'
      ? open.find((invoice) => invoice.movement_kind === 'charge_due')
      : undefined) ??
    open.find(fits) ??
    open[0] ??
    invoices.at(-1);
  if (!corrected) return null;
  const groups = groupByRate(corrected.lines);
  const shares = shareInProportion(
    movement.amount_cents,
    groups.map((group) => group.ttcCents),
  );
  const reason =
    movement.kind === 'charge_waived'
      ? 'Annulation de la somme due'
      : disputed
        ? 'Remboursement des frais de restitution contestés'
        : movement.note?.trim() || 'Remboursement';
  const drafts: DraftLine[] = groups
    .map((group, index) => ({
      label: group.vatRateBp === null ? `${reason} (indemnité, hors champ de TVA)` : reason,
      quantity: 1,
      ttcCents: shares[index]!,
      vat: group.vatRateBp === null ? ('outside' as const) : ('standard' as const),
    }))
    .filter((line) => line.ttcCents !== 0);
  return { drafts, corrects: { id: corrected.id, number: corrected.number } };
}

function groupByRate(lines: readonly DocumentLine[]) {
  const groups: { vatRateBp: number | null; ttcCents: number }[] = [];
  for (const line of lines) {
    const group = groups.find((g) => g.vatRateBp === line.vatRateBp);
    if (group) group.ttcCents += line.ttcCents;
    else groups.push({ vatRateBp: line.vatRateBp, ttcCents: line.ttcCents });
  }
  return groups.filter((group) => group.ttcCents > 0);
}

/**
 * The periodic job: issues the documents of the movements that have none yet (oldest first,
 * each in its own transaction), then renders and stores their PDFs. One movement's failure is
 * logged and left for the next round; it does not stop the others.
 */
export async function issuePendingDocuments(deps: InvoicingDeps): Promise<number> {
  const movements = await findMovementsWithoutDocument(deps.db, DOCUMENT_KINDS);
  let issued = 0;
  for (const movement of movements) {
    try {
      const id = await issueDocumentFor(deps, movement.id);
      if (!id) continue;
      issued += 1;
      await storeDocumentPdf(deps, id);
    } catch (error) {
      deps.log.error({ err: error, movementId: movement.id }, 'invoicing document not issued');
    }
  }
  return issued;
}
