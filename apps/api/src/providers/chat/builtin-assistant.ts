import type { ChatMessage } from '@vroum/core/chat';
import type { Vehicle } from '@vroum/core/vehicle';
import { findNoticeHours } from './builtin-after-sale';
import { findCategory, findVehicles } from './builtin-entities';
import { detectTopics } from './builtin-intents';
import { conversationLanguage, say, type Lang } from './builtin-language';
import { plan } from './builtin-plan';
import type { Context, Reading, Section } from './builtin-sections';
import type { ChatModel } from './chat-model';
import type { ChatTools } from './chat-tools';
import {
  addDays,
  findBookingReference,
  findDuration,
  findEmail,
  normalise,
  parseDates,
} from './french-text';
import { TEXT_EN } from './knowledge-en';
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
  // '30 h avant', '3 jours avant' is a cancellation's notice, not the rental's length.
  const withoutNotice =
    findNoticeHours(text) === null
      ? text
      : text.replace(
          / \S+ ?(h|heures?|hours?|hrs?|jours?|days?|semaines?|weeks?) (avant|before|prior) /,
          ' ',
        );
  const dates = parseDates(withoutNotice, today);
  return {
    original: content,
    text,
    topics: detectTopics(text),
    vehicles: findVehicles(text, vehicles),
    category: findCategory(text),
    dates,
    duration: dates ? null : findDuration(withoutNotice),
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
  const lang = conversationLanguage(userMessages.map((message) => message.content));
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
      current.vehicles.length > 0 ? current.vehicles : vehiclesOfTheTalk(messages, vehicles),
    reference: current.reference ?? earlier.find((r) => r.reference)?.reference ?? null,
    email: current.email ?? earlier.find((r) => r.email)?.email ?? null,
    category: current.category,
    lang,
    conversationText: readings.map((reading) => reading.text).join(' '),
    previousTopics: earlier[0]?.topics ?? new Set(),
  };
  if (topics.size === 0) {
    if (current.topics.has('thanks')) {
      return say(lang, 'Avec plaisir ! Puis-je vous aider pour autre chose ?', TEXT_EN.thanks());
    }
    if (current.topics.has('greeting')) return say(lang, greeting(), TEXT_EN.greeting());
    if (current.vehicles.length > 0 || current.category) topics.add('catalogue');
    else if (current.reference || current.email) topics.add('bookingStatus');
    else return unknown(tools, lang);
  }
  const sections: Section[] = [];
  for (const handler of plan(topics, context)) {
    const section = await handler(context);
    if (section) sections.push(section);
    if (sections.length >= 3) break;
  }
  if (sections.length === 0) return unknown(tools, lang);
  const pages = [...new Set(sections.flatMap((section) => section.pages))];
  const body = sections.map((section) => section.text).join('\n\n');
  const see = say(lang, 'À consulter :', 'See:');
  return pages.length > 0 ? `${body}\n\n${see} ${pages.join(' · ')}` : body;
}

/**
 * The cars a follow-up refers to ('et sa caution ?'): those of the latest earlier message that
 * names some, the visitor's by name or the assistant's by the vehicle pages it linked (one to
 * three of them; a longer list is no one car).
 */
function vehiclesOfTheTalk(messages: readonly ChatMessage[], vehicles: readonly Vehicle[]) {
  for (const message of messages.slice(0, -1).reverse()) {
    if (message.role === 'user') {
      const named = findVehicles(normalise(message.content), vehicles);
      if (named.length > 0) return named;
      continue;
    }
    const slugs = new Set(
      [...message.content.matchAll(/\(\/vehicule\/([a-z0-9-]+)\)/g)].map((m) => m[1]),
    );
    const linked = vehicles.filter((vehicle) => slugs.has(vehicle.slug));
    if (linked.length > 0 && linked.length <= 3) return linked;
  }
  return [];
}

function greeting(): string {
  return (
    'Bonjour ! Je suis Vroum, l’assistant de location. Je peux vous renseigner sur nos véhicules et ' +
    'leurs prix, faire un devis pour vos dates, vérifier une disponibilité, et vous répondre sur la ' +
    'caution, les protections, les options, la livraison ou votre réservation.'
  );
}

function unknown(tools: ChatTools, lang: Lang): string {
  const { site } = tools;
  if (lang === 'en') return TEXT_EN.unknown(site);
  return (
    'Je suis désolé, je ne connais pas la réponse à cette question. Notre équipe peut vous ' +
    `renseigner 24h/24, 7j/7 par téléphone au ${site.phone} ou par messagerie : ${site.messagingUrl}.`
  );
}
