import { formatPrice } from '@vroum/core/money-format';
import { say } from './builtin-language';
import { frenchDay, section, type Context, type Section } from './builtin-sections';
import { PAGE_LINKS, TEXT } from './knowledge';
import { TEXT_EN } from './knowledge-en';

/**
 * A booking's status, given only to its number and e-mail together (the tool checks both); what
 * is missing is asked for.
 */
export async function bookingStatus(context: Context): Promise<Section> {
  const { reference, email, tools, lang } = context;
  if (!reference && !email) {
    return section(
      say(
        lang,
        `Pour suivre votre réservation, donnez-moi votre numéro de réservation (8 caractères, dans l’e-mail de confirmation) et l’adresse e-mail utilisée pour réserver. ${TEXT.bookingLookup()}`,
        `To follow your booking, give me your booking number (8 characters, in the confirmation e-mail) and the e-mail address used to book. ${TEXT_EN.bookingLookup()}`,
      ),
      PAGE_LINKS.bookingLookup,
    );
  }
  if (!reference) {
    return section(
      say(
        lang,
        'Merci ! Quel est votre numéro de réservation (8 caractères, indiqué dans l’e-mail de confirmation) ?',
        'Thank you! What is your booking number (8 characters, in the confirmation e-mail)?',
      ),
      PAGE_LINKS.bookingLookup,
    );
  }
  if (!email) {
    return section(
      say(
        lang,
        'Pour des raisons de confidentialité, j’ai aussi besoin de l’adresse e-mail utilisée lors de la réservation.',
        'For confidentiality, I also need the e-mail address used to book.',
      ),
      PAGE_LINKS.bookingLookup,
    );
  }
  const result = await tools.bookingStatus({ bookingNumber: reference, email });
  if (!result.found) {
    const { phone, messagingUrl } = tools.site;
    return section(
      say(
        lang,
        `Aucune réservation ne correspond à ce numéro et à cet e-mail. Vérifiez-les dans votre e-mail de confirmation, ou contactez-nous au ${phone} ou par messagerie : ${messagingUrl}.`,
        `No booking matches this number and e-mail. Check them in your confirmation e-mail, or contact us on ${phone} or by messaging: ${messagingUrl}.`,
      ),
      PAGE_LINKS.bookingLookup,
    );
  }
  if (lang === 'en') {
    return section(
      `Booking ${result.reference}: ${result.status} (payment: ${result.paymentStatus.toLowerCase()}). ` +
        `${result.vehicleName}, from ${result.pickupDate} to ${result.returnDate}, total ${formatPrice(result.totalPriceCents)}.`,
      PAGE_LINKS.bookingLookup,
    );
  }
  return section(
    `Réservation ${result.reference} : ${result.status} (paiement : ${result.paymentStatus.toLowerCase()}). ` +
      `${result.vehicleName}, du ${frenchDay(result.pickupDate)} au ${frenchDay(result.returnDate)}, ` +
      `total ${formatPrice(result.totalPriceCents)}. Le détail est sur ${PAGE_LINKS.bookingLookup}.`,
    PAGE_LINKS.bookingLookup,
  );
}

export function noBookingNumber(context: Context): Section {
  const { site } = context.tools;
  if (context.lang === 'en') {
    return section(
      'Your booking number (8 characters) is in the confirmation e-mail sent after payment: check your spam folder too. ' +
        `With an account, your bookings are also in your profile (${PAGE_LINKS.profile}). Otherwise, contact us on ${site.phone} or by messaging ` +
        `(${site.messagingUrl}) with the e-mail address used to book.`,
      PAGE_LINKS.bookingLookup,
    );
  }
  return section(
    'Votre numéro de réservation (8 caractères) figure dans l’e-mail de confirmation reçu après le ' +
      'paiement : pensez à vérifier vos courriers indésirables. Si vous avez un compte, vos réservations ' +
      `sont aussi dans votre profil (${PAGE_LINKS.profile}). Sinon, contactez-nous au ${site.phone} ou par messagerie ` +
      `(${site.messagingUrl}) en indiquant l’adresse e-mail utilisée pour réserver.`,
    PAGE_LINKS.bookingLookup,
  );
}
