import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedDrawing, PdfWriter } from '../../lib/pdf-writer';
import { signatureBoxOf } from './contract-pdf';
import { sha256 } from './contract-terms';

/** What proves the built-in signature, printed on the audit-trail page and kept with the row. */
export interface SignatureProof {
  signerName: string;
  signerEmail: string;
  signedAt: string;
  ip: string;
  userAgent: string;
  /** SHA-256 of the unsigned contract the customer read. */
  documentSha256: string;
  /** When the e-mailed code was checked, and to which address it went. */
  codeVerifiedAt: string;
  consent: string;
  method: 'drawn' | 'typed';
}

export type SignatureMark = { kind: 'drawn'; png: Uint8Array } | { kind: 'typed'; text: string };

/**
 * Seals the contract: the signature in its box, then an audit-trail page with the proof. The
 * result's SHA-256 is what the contract row records: any later change of a byte shows.
 */
export async function sealContractPdf(
  unsigned: Uint8Array,
  mark: SignatureMark,
  proof: SignatureProof,
): Promise<{ pdf: Uint8Array; sha256: string }> {
  const doc = await PDFDocument.load(unsigned);
  doc.registerFontkit(fontkit);
  const writer = await PdfWriter.attach(doc);
  const box = signatureBoxOf(doc);
  const page = doc.getPage(box.pageIndex);
  const inner = { x: box.x + 8, y: box.y + 22 };
  if (mark.kind === 'drawn') {
    const image = await embedDrawing(doc, mark.png, () => new Error('unreadable drawn signature'));
    const scale = Math.min((box.width - 16) / image.width, (box.height - 30) / image.height);
    page.drawImage(image, { ...inner, width: image.width * scale, height: image.height * scale });
  } else {
    page.drawText(mark.text, { ...inner, y: inner.y + 20, size: 20, font: writer.regular });
  }
  page.drawText(`${proof.signerName} — ${new Date(proof.signedAt).toISOString()}`, {
    x: box.x + 8,
    y: box.y + 8,
    size: 7,
    font: writer.regular,
    color: rgb(0.42, 0.41, 0.38),
  });

  writer.newPage();
  writer.text('Page de preuve — signature électronique', { size: 14, bold: true, gap: 8 });
  const facts: [string, string][] = [
    ['Signataire', `${proof.signerName} <${proof.signerEmail}>`],
    ['Date et heure (UTC)', proof.signedAt],
    ['Adresse IP', proof.ip],
    ['Navigateur', proof.userAgent],
    ['Consentement', proof.consent],
    ['Code à usage unique', `envoyé à ${proof.signerEmail}, vérifié le ${proof.codeVerifiedAt}`],
    ['Signature', proof.method === 'drawn' ? 'tracée à l’écran' : 'saisie au clavier'],
    ['Empreinte SHA-256 du contrat lu', proof.documentSha256],
  ];
  for (const [label, value] of facts) {
    writer.text(label, { bold: true, gap: 0 });
    writer.text(value, { gap: 6 });
  }
  writer.text(
    'L’empreinte SHA-256 du présent document scellé est enregistrée par le Loueur au moment de la signature : toute modification ultérieure du fichier la rend différente.',
    { size: 8.5 },
  );
  doc.setModificationDate(new Date(proof.signedAt));
  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, sha256: sha256(pdf) };
}
