import { createHash } from 'node:crypto';
import { formatKilometres } from '@vroum/core/french-typography';
import { CAR_ZONE_LABELS, type Damage } from '@vroum/core/operations';
import type { SiteInfo } from '@vroum/core/site';
import type { PDFImage } from 'pdf-lib';
import { AppError } from '../../lib/app-error';
import {
  embedDrawing,
  embedPhoto,
  euros,
  GOLD,
  MARGIN,
  MUTED,
  parisDateTime,
  PdfWriter,
} from '../../lib/pdf-writer';
import type { InspectionKind } from './inspections.repository';

export interface InspectionReportInput {
  kind: InspectionKind;
  reference: string;
  vehicleName: string;
  customerName: string;
  address: string;
  agentName: string;
  at: Date;
  odometerKm: number;
  fuelPercent: number;
  keysCount: number;
  accessories: string[];
  identityChecked: boolean;
  damages: Damage[];
  interiorNote: string;
  /** The photos of the damages, by id (those missing from storage are listed, not printed). */
  photos: Map<string, { bytes: Uint8Array; contentType: string }>;
  signerName: string;
  signaturePng: Uint8Array;
  /** At the return: what is charged, line by line, and until when it may be contested. */
  charges?: { lines: [string, number][]; totalCents: number; contestUntil: Date; note: string };
}

const PHOTO_BOX = { width: 150, height: 112 };

/** The customer's signature could not be read: they sign again on the agent's phone. */
export const signatureUnreadable = () =>
  new AppError(
    'signature_invalid',
    'La signature n’a pas pu être lue : faites signer le client à nouveau.',
    400,
    'signature',
  );

/** A photo named in the report cannot be printed (one stored before photos were decoded). */
const photoUnreadable = () =>
  new AppError(
    'photo_unreadable',
    'Une photo de l’état des lieux est illisible : reprenez-la puis enregistrez à nouveau.',
    422,
    'damages',
  );

/**
 * The inspection report the customer signs on the agent's phone: the car's readings, the keys
 * and accessories, each damage with its photos, the signature. Its SHA-256 is recorded with the
 * inspection, so any later change of the file shows.
 */
export async function renderInspectionReport(
  site: SiteInfo,
  input: InspectionReportInput,
): Promise<{ pdf: Uint8Array; sha256: string }> {
  const w = await PdfWriter.create();
  w.text(site.brandName, { size: 20, color: GOLD, gap: 6 });
  w.text(
    input.kind === 'handover'
      ? 'Procès-verbal de livraison et état des lieux'
      : 'Procès-verbal de restitution et état des lieux',
    { size: 15, bold: true, gap: 4 },
  );
  w.text(`Réservation ${input.reference} — ${parisDateTime(input.at.toISOString())}`, {
    color: MUTED,
    gap: 10,
  });
  w.rule();
  w.row('Véhicule', input.vehicleName);
  w.row('Client', input.customerName);
  w.row('Adresse', input.address);
  w.row('Agent', input.agentName);
  w.row('Kilométrage', formatKilometres(input.odometerKm));
  w.row('Carburant ou charge', `${input.fuelPercent}\u00a0%`);
  w.row('Clés', String(input.keysCount));
  w.row('Accessoires', input.accessories.length ? input.accessories.join(', ') : 'aucun');
  if (input.kind === 'handover') {
    w.row(
      'Permis et pièce d’identité',
      input.identityChecked ? 'contrôlés, conformes au dossier validé' : 'non contrôlés',
    );
  }

  w.heading('Dommages constatés');
  if (input.damages.length === 0) w.text('Aucun dommage constaté.');
  for (const [index, damage] of input.damages.entries()) {
    w.text(`${index + 1}. ${CAR_ZONE_LABELS[damage.zone]} — ${damage.note}`, { bold: true });
    await drawPhotos(
      w,
      damage.photoIds.map((id) => input.photos.get(id)),
    );
  }
  w.heading('Intérieur');
  w.text(input.interiorNote || 'Rien à signaler.');

  if (input.charges) {
    w.heading('Montants dus à la restitution');
    for (const [label, cents] of input.charges.lines) w.row(label, euros(cents));
    w.row('Total', euros(input.charges.totalCents), true);
    if (input.charges.note) w.text(input.charges.note);
    w.text(
      input.charges.totalCents > 0
        ? `Ces montants sont prélevés sur la caution retenue sur votre carte, le reste éventuel sur la carte utilisée pour la réservation. Vous pouvez les contester depuis votre réservation jusqu’au ${parisDateTime(input.charges.contestUntil.toISOString())}.`
        : 'Aucun montant n’est dû : la caution retenue sur votre carte est libérée.',
      { color: MUTED },
    );
  }

  w.heading('Signature du client');
  w.text(
    input.kind === 'handover'
      ? 'Le client reconnaît avoir reçu le véhicule dans l’état décrit ci-dessus.'
      : 'Le client reconnaît avoir restitué le véhicule dans l’état décrit ci-dessus.',
  );
  const signature = await embedDrawing(w.doc, input.signaturePng, signatureUnreadable);
  const scale = Math.min(220 / signature.width, 90 / signature.height, 1);
  if (w.y - 110 < MARGIN) w.newPage();
  w.page.drawImage(signature, {
    x: MARGIN,
    y: w.y - signature.height * scale - 4,
    width: signature.width * scale,
    height: signature.height * scale,
  });
  w.y -= signature.height * scale + 12;
  w.text(`Signé par ${input.signerName}, le ${parisDateTime(input.at.toISOString())}.`, {
    color: MUTED,
  });
  w.doc.setCreationDate(input.at);
  w.doc.setModificationDate(input.at);
  const pdf = await w.doc.save({ useObjectStreams: false });
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}

async function drawPhotos(
  w: PdfWriter,
  photos: ({ bytes: Uint8Array; contentType: string } | undefined)[],
): Promise<void> {
  const images: PDFImage[] = [];
  let unprinted = 0;
  for (const photo of photos) {
    if (photo) images.push(await embedPhoto(w.doc, photo, photoUnreadable));
    else unprinted += 1;
  }
  let x = MARGIN;
  for (const image of images) {
    if (x + PHOTO_BOX.width > w.page.getWidth() - MARGIN) {
      x = MARGIN;
      w.y -= PHOTO_BOX.height + 8;
    }
    if (w.y - PHOTO_BOX.height < MARGIN) {
      w.newPage();
      x = MARGIN;
    }
    const scale = Math.min(PHOTO_BOX.width / image.width, PHOTO_BOX.height / image.height);
    w.page.drawImage(image, {
      x,
      y: w.y - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
    x += PHOTO_BOX.width + 8;
  }
  if (images.length > 0) w.y -= PHOTO_BOX.height + 10;
  if (unprinted > 0) {
    w.text(`${unprinted} photo(s) jointe(s) au dossier, consultables en ligne.`, { color: MUTED });
  }
}
