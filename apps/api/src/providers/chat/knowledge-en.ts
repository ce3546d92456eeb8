import { formatPrice } from '@vroum/core/money-format';
import { EXTRAS } from '@vroum/core/extras';
import {
  DELIVERY_SLICE_KM,
  DELIVERY_SLICE_PRICE_CENTS,
  ILE_DE_FRANCE_DEPARTMENTS,
} from '@vroum/core/delivery';
import {
  CHAUFFEUR_PER_HOUR_CENTS,
  EXTRA_KM_CENTS,
  INCLUDED_KM_PER_RENTAL,
  UNLIMITED_KM_PER_DAY_CENTS,
} from '@vroum/core/pricing';
import { PLAN_EXCESS } from '@vroum/core/damage-excess';
import { PROTECTION_PLANS } from '@vroum/core/protection';
import { RENTAL_CONDITIONS } from '@vroum/core/rental-conditions';
import type { SiteInfo } from '@vroum/core/site';
import type { Vehicle } from '@vroum/core/vehicle';
import { depositRange, kilometreLimits } from './knowledge';

/**
 * The assistant's knowledge in English (decision 015), for a visitor who writes in English: the
 * same facts as `TEXT`, from the same core constants; page names stay the site's French ones.
 */
const EXCESS_EN = {
  none: 'no excess',
  fixed: (cents: number) => `excess up to ${formatPrice(cents)}`,
  'vehicle-value': 'excess up to the car’s value',
};

export const TEXT_EN = {
  conditions: () => {
    const { standard, supercar } = RENTAL_CONDITIONS;
    return (
      `The main driver (and every additional driver) must be at least ${standard.minAge} and have held a driving licence for at least ${standard.minLicenceYears} years. ` +
      `For Super Cars: ${supercar.minAge} years old and ${supercar.minLicenceYears} years of licence.`
    );
  },
  documents: () =>
    'At delivery, the main driver shows the originals in their name: a valid driving licence, an identity card or passport, and a credit card in the main driver’s name. ' +
    'A licence issued outside the European Union must come with an international driving permit or an official translation.',
  deposit: (vehicles: readonly Vehicle[]) => {
    const { min, max } = depositRange(vehicles);
    return (
      `Every rental has a deposit of ${formatPrice(min)} to ${formatPrice(max)} depending on the car, taken as a hold (pre-authorisation) on the main driver’s credit card: ` +
      'the amount is blocked, never debited, and released after the car is returned without damage.'
    );
  },
  protections: () =>
    'Third-party liability is always included. For damage to the car, you choose a protection plan, charged per day:\n' +
    PROTECTION_PLANS.map((plan) => {
      const excess = PLAN_EXCESS[plan.id];
      const words =
        excess.kind === 'fixed' ? EXCESS_EN.fixed(excess.cents) : EXCESS_EN[excess.kind];
      return `- ${plan.name}: ${formatPrice(plan.pricePerDayCents)} a day, ${words}`;
    }).join('\n'),
  extras: () =>
    'Options offered when booking:\n' +
    EXTRAS.map((extra) => {
      const price = 'pricePerDayCents' in extra ? extra.pricePerDayCents : extra.priceOneTimeCents;
      return `- ${extra.name}: ${formatPrice(price)} ${'pricePerDayCents' in extra ? 'a day' : 'once'}`;
    }).join('\n') +
    `\n- Unlimited kilometres: ${formatPrice(UNLIMITED_KM_PER_DAY_CENTS)} a day (not for Super Cars)`,
  kilometres: (vehicles: readonly Vehicle[]) =>
    `Each rental includes ${INCLUDED_KM_PER_RENTAL.toLocaleString('en-GB')} km; each extra kilometre costs ${formatPrice(EXTRA_KM_CENTS)}. ` +
    `Unlimited kilometres cost ${formatPrice(UNLIMITED_KM_PER_DAY_CENTS)} a day, except for Super Cars, limited to ` +
    kilometreLimits(vehicles)
      .map(({ km, names }) => `${km} km a day${names ? ` (${names})` : ''}`)
      .join(', ') +
    `, beyond which each kilometre costs ${formatPrice(EXTRA_KM_CENTS)}.`,
  chauffeur: () =>
    `You can rent with a professional chauffeur at ${formatPrice(CHAUFFEUR_PER_HOUR_CENTS)} an hour (each hour started is due). ` +
    'For several days, a long trip or an event, we send a personalised quote.',
  delivery: () =>
    'We deliver to the address of your choice anywhere in mainland France. Delivery is free in Île-de-France ' +
    `(départements ${ILE_DE_FRANCE_DEPARTMENTS.join(', ')}). Elsewhere it costs ${formatPrice(DELIVERY_SLICE_PRICE_CENTS)} ` +
    `per started ${DELIVERY_SLICE_KM} km, as the crow flies from central Paris; the amount is shown before payment.`,
  returns: () =>
    'The car is returned on the planned date, at the agreed address or at our agency, with a return inspection. ' +
    'A return at the agency earns you a discount code for your next rental.',
  payment: () =>
    'Payment is online, in euros, by card or compatible mobile wallet, through our secure payment provider. ' +
    'The rental is charged at confirmation; the deposit is a separate card hold, blocked but not debited.',
  late: () =>
    'To extend your rental, open your booking before it ends and choose « Prolonger ma location »: subject to availability, the added days are priced before you pay by card, then you sign an amendment to the contract. ' +
    'There is a 30-minute grace period at the return; beyond it, each started 24 hours is charged at the daily rate, protection and options included.',
  accident: (site: SiteInfo) =>
    `After an accident, a breakdown or a theft, call our 24/7 assistance at once on ${site.phone}. ` +
    'Fill in an accident report with any third party (send it within 5 working days); after a theft or vandalism, report it to the police and send us the receipt within 48 hours. ' +
    'Do not start any repair without our agreement.',
  assistance: (site: SiteInfo) =>
    `Our assistance answers 24/7, nights, weekends and public holidays included: call ${site.phone} (or message us: ${site.messagingUrl}). ` +
    'After a breakdown, get to safety then call us: we arrange the towing. Do not start any repair without our agreement.',
  howItWorks: () =>
    'How it works, in six steps:\n' +
    '1. Choose your car, your dates and the delivery address.\n' +
    '2. Choose your protection and options.\n' +
    '3. Pay online by card; the deposit is a simple card hold.\n' +
    '4. Have your identity and licence checked, then sign the contract online.\n' +
    '5. We deliver the car to you, with a full inspection.\n' +
    '6. Return it at the agreed address or at the agency (with a discount code).',
  bookingLookup: () =>
    'To see a booking, open Gérer ma réservation (/gerer-reservation) and enter your booking number (8 characters, in the confirmation e-mail) and the e-mail address used to book.',
  contact: (site: SiteInfo) =>
    `Our team answers 24/7: by phone on ${site.phone}, by instant messaging (${site.messagingUrl}) or by e-mail at ${site.email}.`,
  greeting: () =>
    'Hello! I am Vroum, the rental assistant. I can tell you about our cars and their prices, quote your dates, check availability, ' +
    'and answer about the deposit, protection, options, delivery, cancellation, the return or your booking.',
  thanks: () => 'You are welcome! Can I help with anything else?',
  unknown: (site: SiteInfo) =>
    `I am sorry, I do not know the answer to that question. Our team can help 24/7 by phone on ${site.phone} or by messaging: ${site.messagingUrl}.`,
};
