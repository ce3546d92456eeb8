import type { ChatMessage } from '@vroum/core/chat';
import type { Vehicle } from '@vroum/core/vehicle';
import { assistance, conditions, deposit, extras, kilometres, protection } from './builtin-answers';
import { bookingStatus, noBookingNumber } from './builtin-bookings';
import { catalogue } from './builtin-catalogue';
import { delivery } from './builtin-delivery';
import { findCategory, findExtras, findProtection, findVehicles } from './builtin-entities';
import { detectTopics, type Topic } from './builtin-intents';
import { vehiclePrice } from './builtin-prices';
import {
  section,
  type Context,
  type Handler,
  type Reading,
  type Section,
} from './builtin-sections';
import type { ChatModel } from './chat-model';
import type { ChatTools } from './chat-tools';
import {
  addDays,
  findBookingReference,
  findDuration,
  findEmail,
  hasAny,
  normalise,
  parseDates,
} from './french-text';
import { PAGE_LINKS, TEXT } from './knowledge';
import { pacePieces, READABLE_PACE, splitIntoPieces, type StreamPace } from './paced-stream';

/**
 * The built-in assistant (decision 015): works offline, without model weights. It reads the
 * visitor's French message (topics, vehicles, dates or a number of days, town, booking number,
 * e-mail), completes it from the earlier messages of the conversation, answers from the site's
 * knowledge and from the tools, and cites the pages to open as links. What it does not know, it
 * says, with the contact channels. The reply is streamed a word at a time at a readable pace, as
 * a model writes it.
 */
export function createBuiltinAssistant(pace: StreamPace = READABLE_PACE): ChatModel {
  return {
    name: 'builtin',
    async *stream(messages, tools, options = {}) {
      const answer = await answerConversation(messages, tools);
      yield* pacePieces(splitIntoPieces(answer), pace, options.signal);
    },
  };
}

function read(content: string, vehicles: readonly Vehicle[], today: string): Reading {
  const text = normalise(content);
  const dates = parseDates(text, today);
  return {
    text,
    topics: detectTopics(text),
    vehicles: findVehicles(text, vehicles),
    category: findCategory(text),
    dates,
    duration: dates ? null : findDuration(text),
    reference: findBookingReference(content),
    email: findEmail(content),
  };
}

/**
 * The period of the current message, or of the conversation: 'et pour 5 jours ?' after dates
 * keeps their start; a number of days without any dates is priced as such.
 */
function periodOf(current: Reading, earlier: readonly Reading[]) {
  if (current.dates) return { dates: current.dates, duration: null };
  const before = earlier.find((reading) => reading.dates || reading.duration);
  if (current.duration) {
    const start = before?.dates?.start;
    return start
      ? { dates: { start, end: addDays(start, current.duration) }, duration: null }
      : { dates: null, duration: current.duration };
  }
  return { dates: before?.dates ?? null, duration: before?.duration ?? null };
}

export async function answerConversation(
  messages: readonly ChatMessage[],
  tools: ChatTools,
): Promise<string> {
  const vehicles = await tools.listVehicles();
  const today = tools.today();
  const userMessages = messages.filter((message) => message.role === 'user');
  const readings = userMessages.map((message) => read(message.content, vehicles, today));
  const current = readings.at(-1)!;
  const earlier = readings.slice(0, -1).reverse();
  const topics = new Set(current.topics);
  topics.delete('greeting');
  topics.delete('thanks');
  // A follow-up ('et pour la Panamera ?', 'ABCD1234, moi@example.fr') keeps the earlier topic.
  const hasEntities =
    current.vehicles.length > 0 ||
    current.dates ||
    current.duration ||
    current.reference ||
    current.email ||
    current.category;
  if (topics.size === 0 && hasEntities) {
    const previous = earlier.find((reading) => reading.topics.size > 0);
    for (const topic of previous?.topics ?? []) topics.add(topic);
  }
  const context: Context = {
    tools,
    current,
    ...periodOf(current, earlier),
    vehicles:
      current.vehicles.length > 0
        ? current.vehicles
        : (earlier.find((r) => r.vehicles.length > 0)?.vehicles ?? []),
    reference: current.reference ?? earlier.find((r) => r.reference)?.reference ?? null,
    email: current.email ?? earlier.find((r) => r.email)?.email ?? null,
    category: current.category,
  };
  if (topics.size === 0) {
    if (current.topics.has('thanks')) {
      return 'Avec plaisir ! Puis-je vous aider pour autre chose ?';
    }
    if (current.topics.has('greeting')) return greeting();
    if (current.vehicles.length > 0 || current.category) topics.add('catalogue');
    else if (current.reference || current.email) topics.add('bookingStatus');
    else return unknown(tools);
  }
  const sections: Section[] = [];
  for (const handler of plan(topics, context)) {
    const section = await handler(context);
    if (section) sections.push(section);
    if (sections.length >= 3) break;
  }
  if (sections.length === 0) return unknown(tools);
  const pages = [...new Set(sections.flatMap((section) => section.pages))];
  const body = sections.map((section) => section.text).join('\n\n');
  return pages.length > 0 ? `${body}\n\nÀ consulter : ${pages.join(' · ')}` : body;
}

/** The order of the answers: the most specific request first. */
function plan(topics: Set<Topic>, context: Context): Handler[] {
  const handlers: Handler[] = [];
  const add = (handler: Handler) => {
    if (!handlers.includes(handler)) handlers.push(handler);
  };
  const { current } = context;
  if (topics.has('noBookingNumber')) add(noBookingNumber);
  if (
    topics.has('bookingStatus') &&
    (context.reference || context.email || !topics.has('cancellation'))
  ) {
    add(bookingStatus);
  }
  const namesVehicle = context.vehicles.length > 0;
  const priceWithSubject =
    topics.has('price') &&
    !topics.has('deposit') &&
    !topics.has('delivery') &&
    !topics.has('chauffeur') &&
    !topics.has('kilometres') &&
    !(topics.has('extras') && !namesVehicle) &&
    !(topics.has('protection') && !namesVehicle);
  // A named vehicle with dates or a number of days is a rental request ('la Classe S demain
  // pour 3 jours à Lyon', 'la Panamera pendant 3 jours').
  const rentalRequest =
    current.vehicles.length > 0 && (current.dates !== null || current.duration !== null);
  // 'Combien pour 3 jours ?' without a vehicle: the fleet's range for that many days.
  const fleetForDays = priceWithSubject && current.duration !== null;
  const quoting =
    topics.has('availability') ||
    (priceWithSubject && namesVehicle) ||
    rentalRequest ||
    fleetForDays;
  if (quoting) add(vehiclePrice);
  if (topics.has('deposit')) add(deposit);
  // The quote already prices the delivery to the town it names.
  if (topics.has('delivery') && !(quoting && namesVehicle && (context.dates || context.duration))) {
    add(delivery);
  }
  if (topics.has('conditions')) add(conditions);
  if (topics.has('documents')) add(() => section(TEXT.documents(), PAGE_LINKS.conditions));
  // What to do when something goes wrong comes before what could be covered.
  if (topics.has('assistance')) add(assistance);
  // A breakdown at night is answered by the assistance; an accident or a theft needs its steps.
  if (topics.has('accident') && (!topics.has('assistance') || hasAny(current.text, CLAIM_WORDS))) {
    add(() => section(TEXT.accident(context.tools.site), PAGE_LINKS.conditions));
  }
  // 'Protection pneus et vitres', 'protection intérieure' are options, not protection plans.
  const namesProtectionExtra = findExtras(current.text).some(
    (id) => id === 'tyre_glass_protection' || id === 'interior_protection',
  );
  if (topics.has('protection') && !(namesProtectionExtra && !findProtection(current.text))) {
    add(protection);
  }
  if (topics.has('extras')) add(extras);
  if (topics.has('kilometres')) add(kilometres);
  if (topics.has('chauffeur')) add(() => section(TEXT.chauffeur(), PAGE_LINKS.conditions));
  if (topics.has('cancellation')) add(() => section(TEXT.cancellation(), PAGE_LINKS.conditions));
  if (topics.has('late')) add(() => section(TEXT.late(), PAGE_LINKS.conditions));
  if (topics.has('payment')) add(() => section(TEXT.payment(), PAGE_LINKS.howItWorks));
  if (topics.has('verification')) add(() => section(TEXT.verification(), PAGE_LINKS.howItWorks));
  if (topics.has('returns')) add(() => section(TEXT.returns(), PAGE_LINKS.howItWorks));
  if (topics.has('fuel')) add(() => section(TEXT.fuel(), PAGE_LINKS.conditions));
  if (topics.has('howItWorks')) add(() => section(TEXT.howItWorks(), PAGE_LINKS.howItWorks));
  if ((topics.has('catalogue') && !quoting) || (topics.has('price') && handlers.length === 0)) {
    add(catalogue);
  }
  if (topics.has('contact') && handlers.length === 0)
    add(() => section(TEXT.contact(context.tools.site)));
  return handlers;
}

const CLAIM_WORDS = ['accident*', 'vol', 'vole*', 'constat', 'vandalisme', 'accroch*', 'choc'];

function greeting(): string {
  return (
    'Bonjour ! Je suis Vroum, l’assistant de location. Je peux vous renseigner sur nos véhicules et ' +
    'leurs prix, faire un devis pour vos dates, vérifier une disponibilité, et vous répondre sur la ' +
    'caution, les protections, les options, la livraison ou votre réservation.'
  );
}

function unknown(tools: ChatTools): string {
  const { site } = tools;
  return (
    'Je suis désolé, je ne connais pas la réponse à cette question. Notre équipe peut vous ' +
    `renseigner 24h/24, 7j/7 par téléphone au ${site.phone} ou par messagerie : ${site.messagingUrl}.`
  );
}
