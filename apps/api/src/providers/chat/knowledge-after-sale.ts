import { CANCELLATION_TIERS } from '@vroum/core/cancellation';
import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import { AGENCY_CODE } from '@vroum/core/customer-codes';
import { BASIC_EXCESS_CENTS } from '@vroum/core/damage-excess';
import { formatEuros, formatPrice } from '@vroum/core/money-format';
import { EXTRA_KM_CENTS, INCLUDED_KM_PER_RENTAL } from '@vroum/core/pricing';
import { findProtectionPlan } from '@vroum/core/protection';
import { CONTEST_DAYS, REFUEL_CENTS_PER_PERCENT } from '@vroum/core/return-charges';
import { STEP_TITLES } from '@vroum/core/rental-step-labels';
import type { SiteInfo } from '@vroum/core/site';
import { SUPERCAR_DAILY_KM_LIMIT } from '@vroum/core/vehicle-km';
import { say, type Lang } from './builtin-language';

/**
 * What the assistant knows of the rental's second half (decision 015), in French and in English,
 * every number read from core: the cancellation tiers, the return charges (fuel, kilometres,
 * damage within the plan's excess), the agency code, the contest period, the identity check and
 * the contract, the Super Cars' cash deposit, and the refusal to speak of other customers.
 */

const nb = (text: string) => text.replaceAll(' ', '\u00a0');
const hours = (count: number) => nb(`${count} h`);
const percent = (rate: number) => nb(`${Math.round(rate * 100)} %`);
const percentEn = (rate: number) => `${Math.round(rate * 100)}%`;
const [FREE, HALF] = CANCELLATION_TIERS;

export const AFTER_SALE = {
  cancellation: (lang: Lang) =>
    say(
      lang,
      `Annulation gratuite et remboursement intégral plus de ${hours(FREE.hoursBefore)} avant le début de la location ; ` +
        `entre ${hours(FREE.hoursBefore)} et ${hours(HALF.hoursBefore)} avant, ${percent(HALF.feeRate)} du montant de la location sont retenus ; ` +
        `à moins de ${hours(HALF.hoursBefore)} ou en cas de non-présentation, la totalité est retenue. ` +
        `Les dates, adresses ou le véhicule peuvent être modifiés sans frais jusqu’à ${hours(FREE.hoursBefore)} avant le début, sous réserve de disponibilité. ` +
        'La caution est toujours libérée et les remboursements sont faits sous 14 jours maximum sur la carte utilisée. ' +
        'Vous annulez depuis votre réservation : les frais et le remboursement sont affichés avant de confirmer.',
      `Cancellation is free, with a full refund, more than ${FREE.hoursBefore} hours before the rental starts; ` +
        `between ${FREE.hoursBefore} and ${HALF.hoursBefore} hours before, ${percentEn(HALF.feeRate)} of the rental price is kept; ` +
        `less than ${HALF.hoursBefore} hours before, or if you do not show up, the whole price is kept. ` +
        'The deposit hold is always released and refunds reach the card used within 14 days at most. ' +
        'You cancel from your booking, which shows the fee and the refund before you confirm.',
    ),
  /** The share kept when cancelling so many hours before the start. */
  cancellationAt: (lang: Lang, noticeHours: number, feeRate: number) => {
    const kept =
      feeRate === 0
        ? say(
            lang,
            'l’annulation est gratuite, remboursement intégral',
            'cancelling is free, with a full refund',
          )
        : feeRate === 1
          ? say(
              lang,
              'la totalité du montant de la location est retenue',
              'the whole rental price is kept',
            )
          : say(
              lang,
              `${percent(feeRate)} du montant de la location sont retenus, le reste vous est remboursé`,
              `${percentEn(feeRate)} of the rental price is kept and the rest refunded`,
            );
    return say(
      lang,
      `À ${hours(noticeHours)} du début de la location, ${kept}.`,
      `${noticeHours} hours before the start of the rental, ${kept}.`,
    );
  },
  fuel: (lang: Lang) =>
    say(
      lang,
      'Le niveau de carburant (ou de charge) est relevé à la livraison : rendez le véhicule avec un niveau au moins équivalent. ' +
        `Sinon, chaque point de pourcentage manquant est facturé ${formatEuros(REFUEL_CENTS_PER_PERCENT)} (carburant ou énergie et déplacement pour le plein).`,
      'The fuel (or charge) level is read at delivery: return the car with at least the same level. ' +
        `Otherwise each missing percentage point of the tank is charged ${formatEuros(REFUEL_CENTS_PER_PERCENT)} (fuel or energy and the trip to refuel).`,
    ),
  kilometres: (lang: Lang) =>
    say(
      lang,
      `Chaque location inclut ${nb(INCLUDED_KM_PER_RENTAL.toLocaleString('fr-FR'))} km ; au-delà, chaque kilomètre est facturé ${formatPrice(EXTRA_KM_CENTS)}. ` +
        `Les Super Cars sont limitées à ${SUPERCAR_DAILY_KM_LIMIT} km par jour (sauf limite propre au véhicule).`,
      `Each rental includes ${INCLUDED_KM_PER_RENTAL.toLocaleString('en-GB')} km; beyond, each kilometre costs ${formatPrice(EXTRA_KM_CENTS)}. ` +
        `Super Cars are limited to ${SUPERCAR_DAILY_KM_LIMIT} km a day (unless the car has its own limit); the unlimited-km option is not offered for them.`,
    ),
  damage: (lang: Lang) => {
    const basic = findProtectionPlan('basic').name;
    return say(
      lang,
      'Les dommages nouveaux relevés à la restitution sont à votre charge dans la limite de la franchise de votre protection : ' +
        `rien avec la ${findProtectionPlan('complete').name} ou la ${findProtectionPlan('intermediate').name}, ` +
        `jusqu’à ${formatPrice(BASIC_EXCESS_CENTS)} avec la ${basic}, jusqu’à la valeur du véhicule sans protection. ` +
        'L’agent photographie et estime le dommage ; rien n’est prélevé avant qu’un administrateur l’ait approuvé, puis le montant est pris sur la caution et, au-delà, sur la carte enregistrée.',
      'New damage found at the return is yours to bear within your protection plan’s excess: ' +
        `nothing with the Complete or Intermediate plan, up to ${formatPrice(BASIC_EXCESS_CENTS)} with the Basic plan, up to the car’s value without protection. ` +
        'The agent photographs and assesses the damage; nothing is taken until an administrator approves it, then the amount comes from the deposit and, beyond it, from the saved card.',
    );
  },
  returnCharges: (lang: Lang) =>
    say(
      lang,
      'À la restitution, un état des lieux compare le compteur, le carburant et l’état du véhicule à ceux de la livraison. Peuvent être facturés :\n' +
        `- les kilomètres au-delà de ${nb(INCLUDED_KM_PER_RENTAL.toLocaleString('fr-FR'))} km (ou de la limite par jour des Super Cars), ${formatPrice(EXTRA_KM_CENTS)} chacun ;\n` +
        `- le carburant manquant, ${formatEuros(REFUEL_CENTS_PER_PERCENT)} par point de pourcentage ;\n` +
        `- les dommages nouveaux, dans la limite de la franchise de votre protection (aucune avec Complète ou Intermédiaire, ${formatPrice(BASIC_EXCESS_CENTS)} avec Basique).\n` +
        `Le détail vous est envoyé avec le rapport de restitution ; les sommes sont prises sur la caution puis sur la carte enregistrée, et vous pouvez les contester pendant ${CONTEST_DAYS} jours.`,
      'At the return, an inspection compares the odometer, the fuel and the car’s condition with the delivery. What may be charged:\n' +
        `- kilometres beyond ${INCLUDED_KM_PER_RENTAL.toLocaleString('en-GB')} km (or the Super Cars’ daily limit), ${formatPrice(EXTRA_KM_CENTS)} each;\n` +
        `- missing fuel, ${formatEuros(REFUEL_CENTS_PER_PERCENT)} per percentage point;\n` +
        `- new damage, within your plan’s excess (none with Complete or Intermediate, ${formatPrice(BASIC_EXCESS_CENTS)} with Basic).\n` +
        `The details come with the return report; the amounts are taken from the deposit then the saved card, and you may contest them within ${CONTEST_DAYS} days.`,
    ),
  contest: (lang: Lang) =>
    say(
      lang,
      `Vous pouvez contester les sommes facturées (kilomètres, carburant, dommages) depuis votre réservation, dans les ${CONTEST_DAYS} jours suivant la restitution (ou la décision sur les dommages), en indiquant votre motif et, si vous le souhaitez, des photos. ` +
        'Tant que la contestation est examinée, aucune somme supplémentaire ne vous est demandée ; l’équipe compare les états des lieux et vous répond par écrit : elle maintient, réduit ou annule les sommes, et ce qui a été prélevé en trop est remboursé sur votre carte.',
      `You may contest the amounts charged (kilometres, fuel, damage) from your booking, within ${CONTEST_DAYS} days of the return (or of the decision on damage), giving your reason and, if you wish, photos. ` +
        'While it is reviewed nothing more is asked of you; the team compares the inspections and answers in writing: it keeps, lowers or cancels the amounts, and anything taken in excess is refunded to your card.',
    ),
  agency: (lang: Lang, site: SiteInfo) => {
    const rate = AGENCY_CODE.discountBasisPoints / 10_000;
    return say(
      lang,
      `Jusqu’à la date de restitution, vous pouvez choisir depuis votre réservation de rendre le véhicule à notre agence (${site.agencyAddress}). ` +
        `Vous recevez alors un code promo de ${percent(rate)} sur votre prochaine location, à usage unique, valable ${AGENCY_CODE.validDays} jours et réservé à votre compte ; ` +
        'les frais de reprise payés pour une autre adresse vous sont remboursés.',
      `Until the return date, you may choose from your booking to bring the car back to our agency (${site.agencyAddress}). ` +
        `You then get a ${percentEn(rate)} discount code for your next rental, single use, valid ${AGENCY_CODE.validDays} days and tied to your account; ` +
        'any collection fee paid for another address is refunded.',
    );
  },
  identity: (lang: Lang) =>
    say(
      lang,
      `${STEP_TITLES.identity} : après le paiement, le conducteur principal envoie en ligne sa pièce d’identité, le recto et le verso de son permis et un selfie, avec le numéro et la date d’obtention du permis. ` +
        'Notre équipe vérifie les documents et les conditions d’âge et de permis du véhicule réservé ; en cas de refus, le motif est indiqué et vous envoyez de nouveaux documents. ' +
        'Une identité validée sert pour vos réservations suivantes jusqu’à l’expiration de la pièce. Les images sont supprimées 30 jours après votre dernière location.',
      'Identity check: after payment, the main driver uploads an identity document, both sides of the driving licence and a selfie, with the licence number and issue date. ' +
        'Our team checks the documents and the age and licence rules of the car booked; if refused, the reason is given and you send new documents. ' +
        'A validated identity is reused for your next bookings until the document expires. The images are deleted 30 days after your last rental.',
    ),
  contract: (lang: Lang) =>
    say(
      lang,
      `${STEP_TITLES.contract} : le contrat de location est prérempli à partir de votre réservation. Vous le lisez, cochez votre consentement, saisissez le code à usage unique reçu par e-mail et signez en ligne ; ` +
        'le contrat signé vous est envoyé par e-mail. Si la réservation change, une nouvelle version est à signer. ' +
        'La vérification d’identité et la signature sont obligatoires avant la livraison.',
      'Contract signature: the rental contract is prefilled from your booking. You read it, tick your consent, enter the one-time code sent by e-mail and sign online; ' +
        'the signed contract is e-mailed to you. If the booking changes, a new version must be signed. ' +
        'The identity check and the signature are required before delivery.',
    ),
  cashDeposit: (lang: Lang) =>
    say(
      lang,
      `Oui pour les Super Cars : à votre demande, la caution peut être versée en espèces à la livraison, dans la limite de ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)}, et vous est restituée dans les mêmes conditions. ` +
        'Pour les autres véhicules, la caution est une empreinte bancaire sur la carte du conducteur principal.',
      `Yes for Super Cars: on request, the deposit may be paid in cash at delivery, up to ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)}, and is given back under the same conditions. ` +
        'For every other car, the deposit is a hold on the main driver’s credit card.',
    ),
  privacy: (lang: Lang) =>
    say(
      lang,
      'Je ne peux donner aucune information sur les autres clients ni sur leurs réservations (nom, coordonnées, dates, véhicule) : elles sont confidentielles. ' +
        'Pour votre propre réservation, donnez-moi son numéro et l’adresse e-mail utilisée pour réserver.',
      'I cannot share anything about other customers or their bookings (name, contact details, dates, car): that information is confidential. ' +
        'For your own booking, give me its number and the e-mail address used to book.',
    ),
};
