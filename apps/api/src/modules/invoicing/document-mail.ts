import { formatEuros } from '@vroum/core/money-format';
import type { DocumentKind } from '@vroum/core/invoicing';
import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { noticeMail } from '../mail/mail-templates';
import { enqueueMailOnce } from '../mail/mail.service';

/**
 * Tells the customer their invoice or credit note is issued, with a link to the booking's page
 * where it is downloaded (signed in: a document is the owner's only). Queued in the issuing
 * transaction, once per number.
 */
export async function documentMail(
  tx: Queryable,
  site: SiteInfo,
  doc: {
    to: string;
    kind: DocumentKind;
    number: string;
    bookingId: string;
    reference: string;
    totalCents: number;
    corrects: string | null;
  },
): Promise<void> {
  const invoice = doc.kind === 'invoice';
  const subject = invoice
    ? `Votre facture ${doc.number} — réservation ${doc.reference}`
    : `Votre avoir ${doc.number} — réservation ${doc.reference}`;
  const mail = noticeMail(site, {
    subject,
    heading: invoice ? 'Votre facture est disponible' : 'Votre avoir est disponible',
    paragraphs: [
      invoice
        ? `La facture ${doc.number} de ${formatEuros(doc.totalCents)} TTC pour votre réservation ${doc.reference} est disponible.`
        : `L’avoir ${doc.number} de ${formatEuros(doc.totalCents)} TTC, qui corrige la facture ${doc.corrects ?? ''}, est disponible.`,
      'Vous la retrouvez à tout moment sur la page de votre réservation et dans votre profil, onglet Réservations.',
    ],
    link: `/reservation/${doc.bookingId}#factures`,
    linkLabel: 'Télécharger le document',
  });
  await enqueueMailOnce(tx, `invoicing:${doc.number}`, {
    ...mail,
    to: doc.to,
    template: invoice ? 'invoice_issued' : 'credit_note_issued',
  });
}
