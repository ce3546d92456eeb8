import { formatPrice } from '@vroum/core/money-format';
import { frenchDay, section, type Context, type Section } from './builtin-sections';
import { PAGE_LINKS, TEXT } from './knowledge';

/**
 * A booking's status, given only to its number and e-mail together (the tool checks both); what
 * is missing is asked for.
 */
export async function bookingStatus(context: Context): Promise<Section> {
  const { reference, email, tools } = context;
  if (!reference && !email) {
    return section(
      `Pour suivre votre réservation, donnez-moi votre numéro de réservation (8 caractères, dans l’e-mail de confirmation) et l’adresse e-mail utilisée pour réserver. ${TEXT.bookingLookup()}`,
      PAGE_LINKS.bookingLookup,
    );
  }
  if (!reference) {
    return section(
      'Merci ! Quel est votre numéro de réservation (8 caractères, indiqué dans l’e-mail de confirmation) ?',
      PAGE_LINKS.bookingLookup,
    );
  }
  if (!email) {
    return section(
      'Pour des raisons de confidentialité, j’ai aussi besoin de l’adresse e-mail utilisée lors de la réservation.',
      PAGE_LINKS.bookingLookup,
    );
  }
  const result = await tools.bookingStatus({ bookingNumber: reference, email });
  if (!result.found) {
    return section(
      `Aucune réservation ne correspond à ce numéro et à cet e-mail. Vérifiez-les dans votre e-mail de confirmation, ou contactez-nous au ${tools.site.phone} ou par messagerie : ${tools.site.messagingUrl}.`,
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
  return section(
    'Votre numéro de réservation (8 caractères) figure dans l’e-mail de confirmation reçu après le ' +
      'paiement : pensez à vérifier vos courriers indésirables. Si vous avez un compte, vos réservations ' +
      `sont aussi dans votre profil (${PAGE_LINKS.profile}). Sinon, contactez-nous au ${site.phone} ou par messagerie ` +
      `(${site.messagingUrl}) en indiquant l’adresse e-mail utilisée pour réserver.`,
    PAGE_LINKS.bookingLookup,
  );
}
