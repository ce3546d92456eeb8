import type { PDFDocument } from 'pdf-lib';
import { rentalTermsSections } from '@vroum/core/rental-terms';
import type { SiteInfo } from '@vroum/core/site';
import type { ContractTerms } from './contract-terms';
import {
  euros,
  frenchDay,
  GOLD,
  MARGIN,
  MUTED,
  parisDateTime,
  PdfWriter,
} from '../../lib/pdf-writer';

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
  const amended = terms.amendments?.length ?? 0;
  w.text(
    `Contrat de location n° ${terms.reference} — version ${version}${amended ? ` (avenant n° ${amended})` : ''}`,
    { size: 14, bold: true },
  );
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
  writeAmendments(w, terms);
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

/**
 * Each extension is an amendment (avenant): the return moved, its price lines and what was paid,
 * the rest of the contract unchanged; then the total of the rental with its amendments.
 */
function writeAmendments(w: PdfWriter, terms: ContractTerms): void {
  const amendments = terms.amendments ?? [];
  for (const amendment of amendments) {
    w.heading(`Avenant n° ${amendment.number} — prolongation de la location`);
    w.text(
      `La restitution prévue le ${parisDateTime(amendment.fromDate)} est reportée au ${parisDateTime(amendment.toDate)}, ${terms.returnAddress}. Les autres conditions du contrat sont inchangées ; le kilométrage inclus suit la nouvelle durée.`,
    );
    for (const line of amendment.lines) w.row(line.label, euros(line.amountCents));
    w.row(
      `Total de l’avenant, payé le ${parisDateTime(amendment.paidAt)}`,
      euros(amendment.totalCents),
      true,
    );
  }
  if (amendments.length === 0) return;
  w.rule();
  const all = amendments.reduce((sum, amendment) => sum + amendment.totalCents, terms.totalCents);
  w.row('Total payé, avenants compris', euros(all), true);
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
