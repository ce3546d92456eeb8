import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { rentalTermsSections } from '@vroum/core/rental-terms';
import type { SiteInfo } from '@vroum/core/site';
import type { ContractTerms } from './contract-terms';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.05, 0.05, 0.05);
const MUTED = rgb(0.42, 0.41, 0.38);
const GOLD = rgb(0.78, 0.66, 0.42);

/** The customer's signature box: right below the acceptance clause, before the annex. */
const SIGNATURE_SIZE = { width: 230, height: 100 };

export interface SignatureBoxPlace {
  /** 0-based page index. */
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/**
 * DejaVu Sans, embedded: the standard PDF fonts cannot print the narrow no-break space that
 * French number formatting puts in amounts, nor every accented capital.
 */
function loadFonts() {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

export const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
export const parisDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));
const frenchDay = (day: string) => (day ? day.split('-').reverse().join('/') : '');

/** Writes text top-down across pages, wrapping lines to the page width. */
export class PdfWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  static async create(): Promise<PdfWriter> {
    const writer = await PdfWriter.attach(await PDFDocument.create());
    writer.newPage();
    return writer;
  }

  /** A writer that adds pages to an existing document (the seal's audit-trail page). */
  static async attach(doc: PDFDocument): Promise<PdfWriter> {
    doc.registerFontkit(fontkit);
    const { regular, bold } = await loadFonts();
    return new PdfWriter(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
    );
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    return this.page;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {},
  ) {
    const size = options.size ?? 9.5;
    const font = options.bold ? this.bold : this.regular;
    for (const line of wrap(value, font, size, A4.width - 2 * MARGIN)) {
      this.ensure(size * 1.45);
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y - size,
        size,
        font,
        color: options.color ?? INK,
      });
      this.y -= size * 1.45;
    }
    this.y -= options.gap ?? 2;
  }

  heading(value: string) {
    this.ensure(40);
    this.y -= 8;
    this.text(value, { size: 12, bold: true, gap: 4 });
  }

  /** A label and its value on one line, the value right-aligned (price lines). */
  row(label: string, value: string, bold = false) {
    const size = 9.5;
    const font = bold ? this.bold : this.regular;
    this.ensure(size * 1.6);
    this.page.drawText(label, { x: MARGIN, y: this.y - size, size, font, color: INK });
    const width = font.widthOfTextAtSize(value, size);
    this.page.drawText(value, {
      x: A4.width - MARGIN - width,
      y: this.y - size,
      size,
      font,
      color: INK,
    });
    this.y -= size * 1.6;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: GOLD,
    });
    this.y -= 8;
  }
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width && line) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The rental contract of one booking, version `version`, prefilled from the booking: parties,
 * vehicle, period and places, every price line and the total, the deposit and how it is held,
 * the protection and its excess, the kilometres, then the rental terms as an annex. The
 * signature box is on the last page of the contract itself.
 */
export async function renderContractPdf(
  site: SiteInfo,
  terms: ContractTerms,
  version: number,
): Promise<Uint8Array> {
  const w = await PdfWriter.create();
  w.doc.setTitle(`Contrat de location ${terms.reference} — version ${version}`);
  w.doc.setAuthor(site.legalName);
  w.doc.setCreationDate(new Date(0));
  w.doc.setModificationDate(new Date(0));
  w.text(site.brandName, { size: 20, color: GOLD, gap: 6 });
  w.text(`Contrat de location n° ${terms.reference} — version ${version}`, {
    size: 14,
    bold: true,
  });
  w.text(`${site.legalName}, ${site.legalAddress} — ${site.registration}`, { color: MUTED });
  w.rule();
  w.heading('Le Loueur');
  w.text(
    `${site.legalName} (marque ${site.brandName}), ${site.legalAddress}. ${site.registration}.`,
  );
  w.text(`Contact : ${site.phone} · ${site.email}`);
  w.heading('Le Client et conducteur principal');
  w.text(`${terms.customer.name} — ${terms.customer.email} — ${terms.customer.phone}`);
  w.text(`Adresse : ${terms.customer.address}`);
  w.text(
    `Né(e) le ${frenchDay(terms.driver.dateOfBirth)} — permis n° ${terms.driver.licenseNumber} (${terms.driver.licenseCountry}), délivré le ${frenchDay(terms.driver.licenseIssueDate)}`,
  );
  w.heading('Le véhicule');
  w.text(
    `${terms.vehicle.name} — catégorie ${terms.vehicle.category} — immatriculation : ${terms.vehicle.registration}`,
  );
  if (terms.withDriver)
    w.text('Location avec chauffeur : le véhicule est conduit par notre chauffeur.');
  w.heading('Période, livraison et restitution');
  w.text(`Livraison : ${parisDateTime(terms.pickupDate)}, ${terms.deliveryAddress}`);
  w.text(`Restitution : ${parisDateTime(terms.returnDate)}, ${terms.returnAddress}`);
  w.heading('Prix (TTC)');
  for (const line of terms.lines)
    w.row(line.label, line.amountCents === 0 ? 'Offert' : euros(line.amountCents));
  w.rule();
  w.row('Total payé', euros(terms.totalCents), true);
  w.heading('Caution');
  w.text(
    `${euros(terms.depositCents)}, prise en empreinte bancaire (pré-autorisation) sur la carte du conducteur principal peu avant la livraison, non débitée ; libérée après la restitution sans dommage. Seuls les montants dus (dommages, kilomètres supplémentaires, carburant) peuvent y être prélevés, avec justificatifs.`,
  );
  w.heading('Protection et kilométrage');
  w.text(`${terms.protection.name} — ${terms.protection.excess}.`);
  w.text(
    terms.kilometres.extraKmCents
      ? `${terms.kilometres.included} ; au-delà, ${euros(terms.kilometres.extraKmCents)} par kilomètre supplémentaire.`
      : `${terms.kilometres.included}.`,
  );
  w.heading('Acceptation');
  w.text(
    'Le Client déclare avoir lu le présent contrat et les conditions générales de location annexées, et les accepter. Il reconnaît que la signature électronique vaut signature manuscrite selon la convention de preuve des conditions générales.',
  );
  // The signature box: drawn empty here, filled when the contract is sealed. Its place is
  // written in the document's keywords, where the seal (or a hosted provider's field) finds it.
  if (w.y - SIGNATURE_SIZE.height - 30 < MARGIN) {
    w.newPage();
    w.text(`Contrat de location n° ${terms.reference} — version ${version} — signature`, {
      color: MUTED,
      gap: 12,
    });
  }
  const box = { x: MARGIN, y: w.y - SIGNATURE_SIZE.height - 24, ...SIGNATURE_SIZE };
  w.page.drawText('Signature du Client', {
    x: box.x,
    y: box.y + box.height + 6,
    size: 9,
    font: w.bold,
    color: MUTED,
  });
  w.page.drawRectangle({ ...box, borderColor: GOLD, borderWidth: 0.8 });
  w.doc.setKeywords([
    `signature:${w.doc.getPageCount() - 1},${box.x},${box.y},${box.width},${box.height}`,
  ]);
  w.newPage();
  w.text('Annexe — Conditions générales de location', { size: 14, bold: true, gap: 8 });
  for (const section of rentalTermsSections(site)) {
    w.heading(section.title);
    for (const paragraph of section.paragraphs) w.text(paragraph, { size: 8.5 });
    for (const bullet of section.bullets ?? []) w.text(`• ${bullet}`, { size: 8.5 });
  }
  return w.doc.save({ useObjectStreams: false });
}

/** Where the signature box of a rendered contract is (see renderContractPdf). */
export function signatureBoxOf(doc: PDFDocument): SignatureBoxPlace {
  const match = /signature:(\d+),([\d.]+),([\d.]+),([\d.]+),([\d.]+)/.exec(doc.getKeywords() ?? '');
  if (!match) throw new Error('contract without a signature box');
  const [pageIndex, x, y, width, height] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { pageIndex, x, y, width, height };
}
