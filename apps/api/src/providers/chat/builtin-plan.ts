import {
  agencyReturn,
  cancellation,
  cashDeposit,
  contest,
  damage,
  extraKilometres,
  fuel,
  privacy,
  rentalSteps,
  returnCharges,
} from './builtin-after-sale';
import { assistance, conditions, deposit, extras, kilometres, protection } from './builtin-answers';
import { bookingStatus, noBookingNumber } from './builtin-bookings';
import { catalogue } from './builtin-catalogue';
import { delivery } from './builtin-delivery';
import { findExtras, findProtection } from './builtin-entities';
import type { Topic } from './builtin-intents';
import { say } from './builtin-language';
import { vehiclePrice } from './builtin-prices';
import { section, type Context, type Handler } from './builtin-sections';
import { CASH_WORDS } from './builtin-topics-more';
import { hasAny } from './french-text';
import { PAGE_LINKS, TEXT } from './knowledge';
import { TEXT_EN } from './knowledge-en';

/** A fixed text of the knowledge, in the visitor's language, with the page it cites. */
const fixed =
  (fr: () => string, en: () => string, page?: string): Handler =>
  (context) =>
    section(say(context.lang, fr(), en()), ...(page ? [page] : []));

const CLAIM_WORDS = ['accident*', 'vol', 'vole*', 'constat', 'vandalisme', 'accroch*', 'choc'];

/** The order of the answers (decision 015): the most specific request first. */
export function plan(topics: Set<Topic>, context: Context): Handler[] {
  const handlers: Handler[] = [];
  const add = (handler: Handler) => {
    if (!handlers.includes(handler)) handlers.push(handler);
  };
  const { current, tools } = context;
  // Other customers' data is refused, whatever else the message asks.
  if (topics.has('privacy')) return [privacy];
  if (topics.has('noBookingNumber')) add(noBookingNumber);
  if (
    topics.has('bookingStatus') &&
    (context.reference || context.email || !topics.has('cancellation'))
  ) {
    add(bookingStatus);
  }
  // Cash for the deposit, asked now or right after the deposit ('et en espèces ?').
  const cash =
    hasAny(current.text, CASH_WORDS) &&
    (topics.has('deposit') ||
      context.previousTopics.has('deposit') ||
      context.vehicles.some((vehicle) => vehicle.isSupercar));
  if (cash) {
    topics.delete('deposit');
    topics.delete('payment');
    add(cashDeposit);
  }
  const namesVehicle = context.vehicles.length > 0;
  const priceWithSubject =
    topics.has('price') &&
    !topics.has('deposit') &&
    !topics.has('delivery') &&
    !topics.has('chauffeur') &&
    !topics.has('kilometres') &&
    !topics.has('cancellation') &&
    !topics.has('damage') &&
    !topics.has('fuel') &&
    !topics.has('returnCharges') &&
    !(topics.has('extras') && !namesVehicle) &&
    !(topics.has('protection') && !namesVehicle);
  // A named vehicle with dates or a number of days is a rental request ('la Classe S demain
  // pour 3 jours à Lyon', 'la Panamera pendant 3 jours').
  const rentalRequest =
    current.vehicles.length > 0 &&
    (current.dates !== null || current.duration !== null) &&
    !topics.has('cancellation');
  // 'Combien pour 3 jours ?' without a vehicle: the fleet's range for that many days.
  const fleetForDays = priceWithSubject && current.duration !== null;
  const quoting =
    topics.has('availability') ||
    (priceWithSubject && namesVehicle) ||
    rentalRequest ||
    fleetForDays;
  if (topics.has('cancellation')) add(cancellation);
  if (quoting) add(vehiclePrice);
  if (topics.has('deposit')) add(deposit);
  // The quote already prices the delivery to the town it names.
  if (topics.has('delivery') && !(quoting && namesVehicle && (context.dates || context.duration))) {
    add(delivery);
  }
  if (topics.has('conditions')) add(conditions);
  if (topics.has('documents')) {
    add(fixed(TEXT.documents, TEXT_EN.documents, PAGE_LINKS.conditions));
  }
  if (topics.has('verification')) add(rentalSteps);
  // What to do when something goes wrong comes before what could be covered.
  if (topics.has('assistance')) add(assistance);
  const returnWords = (['damage', 'returnCharges', 'fuel', 'contest', 'agency'] as const).some(
    (topic) => topics.has(topic),
  );
  // A breakdown at night is answered by the assistance; an accident or a theft needs its steps.
  if (
    topics.has('accident') &&
    (!topics.has('assistance') || hasAny(current.text, CLAIM_WORDS)) &&
    !(topics.has('damage') && topics.has('returnCharges'))
  ) {
    add(
      fixed(
        () => TEXT.accident(tools.site),
        () => TEXT_EN.accident(tools.site),
        PAGE_LINKS.conditions,
      ),
    );
  }
  if (topics.has('damage')) add(damage);
  // 'Protection pneus et vitres', 'protection intérieure' are options, not protection plans.
  const namesProtectionExtra = findExtras(current.text).some(
    (id) => id === 'tyre_glass_protection' || id === 'interior_protection',
  );
  if (
    topics.has('protection') &&
    !topics.has('damage') &&
    !(namesProtectionExtra && !findProtection(current.text))
  ) {
    add(protection);
  }
  if (topics.has('extras')) add(extras);
  if (topics.has('kilometres')) {
    add(async (c) => extraKilometres(c) ?? (await kilometres(c)));
  }
  if (topics.has('chauffeur')) add(fixed(TEXT.chauffeur, TEXT_EN.chauffeur, PAGE_LINKS.conditions));
  if (topics.has('late')) add(fixed(TEXT.late, TEXT_EN.late, PAGE_LINKS.conditions));
  if (topics.has('contest')) add(contest);
  if (topics.has('agency')) add(agencyReturn);
  if (topics.has('fuel')) add(fuel);
  if (topics.has('returnCharges') && !topics.has('fuel')) add(returnCharges);
  if (topics.has('returns') && !returnWords && !topics.has('late')) {
    add(fixed(TEXT.returns, TEXT_EN.returns, PAGE_LINKS.howItWorks));
  }
  if (topics.has('payment')) add(fixed(TEXT.payment, TEXT_EN.payment, PAGE_LINKS.howItWorks));
  if (topics.has('howItWorks')) {
    add(fixed(TEXT.howItWorks, TEXT_EN.howItWorks, PAGE_LINKS.howItWorks));
  }
  if ((topics.has('catalogue') && !quoting) || (topics.has('price') && handlers.length === 0)) {
    add(catalogue);
  }
  if (topics.has('contact') && handlers.length === 0) {
    add(
      fixed(
        () => TEXT.contact(tools.site),
        () => TEXT_EN.contact(tools.site),
      ),
    );
  }
  return handlers;
}
