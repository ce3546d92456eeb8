import { vatByRate } from '@vroum/core/invoicing';
import type { PDFFont } from 'pdf-lib';
import { parisDay } from '../../lib/french-dates';
import { A4, euros, GOLD, INK, MARGIN, MUTED, PdfWriter } from '../../lib/pdf-writer';
import type { DocumentRow } from './invoicing-read.repository';

const longDay = (instant: Date | string) => parisDay(instant, 'long');
const rate = (bp: number | null) => (bp === null ? 'Hors champ' : `${bp / 100}\u00a0%`);

/** The table's columns: the description, then right-aligned figures ending at their x. */
const COLUMNS = { quantity: 330, unit: 395, vat: 450, ht: A4.width - MARGIN };
const LABEL_WIDTH = 255;

/**
 * The PDF of an invoice or a credit note, from its stored row only: the seller's legal facts,
 * the customer, the number and dates, the service period, each line (quantity, unit price and
 * amount excluding VAT, rate), the VAT per rate, the totals, the payment; a credit note names
 * the invoice it corrects. Dated by its issue, so a rendering is the same bytes every time.
 */
export async function renderDocumentPdf(doc: DocumentRow, brandName: string): Promise<Uint8Array> {
  const invoice = doc.kind === 'invoice';
  const title = `${invoice ? 'Facture' : 'Avoir'} n° ${doc.number}`;
  const w = await PdfWriter.create();
  w.doc.setTitle(title);
  w.doc.setAuthor(doc.seller.legalName);
  w.doc.setCreationDate(doc.issued_at);
  w.doc.setModificationDate(doc.issued_at);
  w.text(brandName, { size: 20, color: GOLD, gap: 6 });
  w.text(title, { size: 15, bold: true });
  w.text(`Date d’émission : ${longDay(doc.issued_at)}`);
  if (!invoice && doc.corrects_number) {
    w.text(`Avoir sur la facture n° ${doc.corrects_number}`, { bold: true });
  }
  w.rule();
  const s = doc.seller;
  w.heading('Vendeur');
  w.text(`${s.legalName}, ${s.legalForm} au capital de ${s.shareCapital}`);
  w.text(`Siège social : ${s.address}`);
  w.text(`SIREN ${s.siren} · SIRET ${s.siret} · ${s.rcs}`);
  w.text(`N° de TVA intracommunautaire : ${s.vatNumber}`);
  w.heading('Client');
  w.text(doc.customer.name);
  if (doc.customer.address) w.text(doc.customer.address);
  if (doc.customer.email) w.text(doc.customer.email, { color: MUTED });
  w.heading('Prestation');
  w.text(`Réservation ${doc.booking_reference} — location de véhicule`);
  w.text(`Du ${longDay(doc.service_from)} au ${longDay(doc.service_to)}`);
  w.heading(invoice ? 'Détail' : 'Détail de l’avoir');
  tableRow(w, ['Désignation', 'Qté', 'PU HT', 'TVA', 'Montant HT'], true);
  w.rule();
  for (const line of doc.lines) {
    tableRow(w, [
      line.label,
      String(line.quantity),
      euros(line.unitHtCents),
      rate(line.vatRateBp),
      euros(line.htCents),
    ]);
  }
  w.rule();
  w.row('Total HT', euros(doc.total_ht_cents));
  for (const group of vatByRate(doc.lines)) {
    if (group.rateBp === null) {
      w.row('Hors champ de TVA (indemnité de dommages)', euros(group.htCents));
    } else {
      w.row(`TVA ${rate(group.rateBp)} sur ${euros(group.htCents)}`, euros(group.vatCents));
    }
  }
  w.row('Total TVA', euros(doc.total_vat_cents));
  w.row(invoice ? 'Total TTC' : 'Total TTC remboursé ou annulé', euros(doc.total_ttc_cents), true);
  w.heading(invoice ? 'Règlement' : 'Remboursement');
  if (doc.payment.date && doc.payment.method) {
    w.text(
      `${invoice ? 'Payée' : 'Effectué'} le ${longDay(doc.payment.date)} — ${doc.payment.method}.`,
    );
  } else if (doc.payment.due) {
    w.text(`Échéance : ${doc.payment.due}.`);
  } else if (doc.payment.method) {
    w.text(`${doc.payment.method}.`);
  }
  w.text('Pas d’escompte pour paiement anticipé.', { color: MUTED });
  return w.doc.save({ useObjectStreams: false });
}

/** One row of the lines' table: the description wraps, the figures are right-aligned. */
function tableRow(w: PdfWriter, cells: string[], header = false) {
  const size = 8.5;
  const font = header ? w.bold : w.regular;
  const labelLines = wrapTo(cells[0]!, font, size, LABEL_WIDTH);
  const height = labelLines.length * size * 1.4 + 3;
  if (w.y - height < MARGIN) w.newPage();
  labelLines.forEach((line, index) =>
    w.page.drawText(line, {
      x: MARGIN,
      y: w.y - size - index * size * 1.4,
      size,
      font,
      color: INK,
    }),
  );
  const rights = [COLUMNS.quantity, COLUMNS.unit, COLUMNS.vat, COLUMNS.ht];
  cells.slice(1).forEach((cell, index) => {
    const width = font.widthOfTextAtSize(cell, size);
    w.page.drawText(cell, { x: rights[index]! - width, y: w.y - size, size, font, color: INK });
  });
  w.y -= height;
}

function wrapTo(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}
