import type { ChatMessage } from '@vroum/core/chat';
import { findExtra } from '@vroum/core/extras';
import { findProtectionPlan } from '@vroum/core/protection';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import type { ChatModel } from './chat-model';
import type { ChatTools, DeliveryFee, RentalQuote } from './chat-tools';
import {
  findBookingReference,
  findEmail,
  findPostcode,
  hasAny,
  normalise,
  parseDates,
  type DateRange,
} from './french-text';
import {
  detectTopics,
  findCategory,
  findExtras,
  findProtection,
  findVehicles,
  type Topic,
} from './builtin-intents';
import { categoryPage, formatEuros, PAGES, RULES, TEXT, vehiclePage } from './knowledge';

/**
 * The built-in assistant (decision 015): works offline, without model weights. It reads the
 * visitor's French message (topics, vehicles, dates, town, booking number, e-mail), completes it
 * from the earlier messages of the conversation, answers from the site's knowledge and from the
 * tools, and cites the page to open. What it does not know, it says, with the contact channels.
 */
export function createBuiltinAssistant(): ChatModel {
  return {
    name: 'builtin',
    async *stream(messages, tools) {
      const answer = await answerConversation(messages, tools);
      // Streamed piece by piece, a few words at a time, as a remote model would.
      for (const piece of answer.match(/\S+\s*/g) ?? [answer]) yield piece;
    },
  };
}

interface Section {
  text: string;
  pages: string[];
}

interface Reading {
  text: string;
  topics: Set<Topic>;
  vehicles: Vehicle[];
  category: VehicleCategory | null;
  dates: DateRange | null;
  reference: string | null;
  email: string | null;
}

function read(content: string, vehicles: readonly Vehicle[], today: string): Reading {
  const text = normalise(content);
  return {
    text,
    topics: detectTopics(text),
    vehicles: findVehicles(text, vehicles),
    category: findCategory(text),
    dates: parseDates(text, today),
    reference: findBookingReference(content),
    email: findEmail(content),
  };
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
    vehicles:
      current.vehicles.length > 0
        ? current.vehicles
        : (earlier.find((r) => r.vehicles.length > 0)?.vehicles ?? []),
    dates: current.dates ?? earlier.find((r) => r.dates)?.dates ?? null,
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

interface Context {
  tools: ChatTools;
  current: Reading;
  vehicles: Vehicle[];
  dates: DateRange | null;
  reference: string | null;
  email: string | null;
  category: VehicleCategory | null;
}

type Handler = (context: Context) => Promise<Section | null> | Section | null;

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
  // A named vehicle with dates is a rental request ('la Classe S demain pour 3 jours à Lyon').
  const rentalRequest = current.vehicles.length > 0 && current.dates !== null;
  const quoting = topics.has('availability') || (priceWithSubject && namesVehicle) || rentalRequest;
  if (quoting) add(vehiclePrice);
  if (topics.has('deposit')) add(deposit);
  // The quote already prices the delivery to the town it names.
  if (topics.has('delivery') && !(quoting && namesVehicle && context.dates)) add(delivery);
  if (topics.has('conditions')) add(conditions);
  if (topics.has('documents')) add(() => section(TEXT.documents(), PAGES.conditions));
  if (
    topics.has('protection') &&
    !(topics.has('extras') && findExtras(current.text).includes('tyre_glass_protection'))
  ) {
    add(protection);
  }
  if (topics.has('extras')) add(extras);
  if (topics.has('kilometres')) add(kilometres);
  if (topics.has('chauffeur')) add(() => section(TEXT.chauffeur(), PAGES.conditions));
  if (topics.has('cancellation')) add(() => section(TEXT.cancellation(), PAGES.conditions));
  if (topics.has('late')) add(() => section(TEXT.late(), PAGES.conditions));
  if (topics.has('accident'))
    add(() => section(TEXT.accident(context.tools.site), PAGES.conditions));
  if (topics.has('payment')) add(() => section(TEXT.payment(), PAGES.howItWorks));
  if (topics.has('verification')) add(() => section(TEXT.verification(), PAGES.howItWorks));
  if (topics.has('returns')) add(() => section(TEXT.returns(), PAGES.howItWorks));
  if (topics.has('fuel')) add(() => section(TEXT.fuel(), PAGES.conditions));
  if (topics.has('howItWorks')) add(() => section(TEXT.howItWorks(), PAGES.howItWorks));
  if ((topics.has('catalogue') && !quoting) || (topics.has('price') && handlers.length === 0)) {
    add(catalogue);
  }
  if (topics.has('contact') && handlers.length === 0)
    add(() => section(TEXT.contact(context.tools.site)));
  return handlers;
}

const section = (text: string, ...pages: string[]): Section => ({ text, pages });

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

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const frenchDay = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));
const dayCount = (days: number) => `${days} ${days > 1 ? 'jours' : 'jour'}`;

async function vehiclePrice(context: Context): Promise<Section | null> {
  const { vehicles, dates, tools, current } = context;
  if (vehicles.length === 0) {
    if (dates && context.current.topics.has('availability')) return freeVehicles(context, dates);
    return catalogue(context);
  }
  if (vehicles.length > 1 || !dates) {
    const lines = vehicles.map(
      (vehicle) =>
        `- ${vehicle.name} : ${formatEuros(vehicle.pricePerDayCents)} par jour, caution ${formatEuros(vehicle.depositCents)}`,
    );
    const ask = dates
      ? ''
      : '\nIndiquez-moi vos dates (par exemple « du 12 au 15 mars ») pour un devis exact et la disponibilité.';
    return section(
      `${vehicles.length > 1 ? 'Voici les tarifs :' : 'Tarif :'}\n${lines.join('\n')}${ask}`,
      ...vehicles.map((vehicle) => vehiclePage(vehicle.slug)),
    );
  }
  const vehicle = vehicles[0]!;
  const place = current.topics.has('delivery') ? await findPlace(current.text, tools) : null;
  const result = await tools.quoteRental({
    vehicle: vehicle.slug,
    start: dates.start,
    end: dates.end,
    place: place ?? undefined,
    protection: findProtection(current.text) ?? undefined,
    options: findExtras(current.text),
    unlimitedKm: hasAny(current.text, ['illimite*']),
  });
  if ('error' in result) return section(`${result.error}`, vehiclePage(vehicle.slug));
  return section(describeQuote(result), vehiclePage(vehicle.slug));
}

function describeQuote(result: RentalQuote): string {
  const { vehicle, quote } = result;
  const lines = [
    `Devis pour la ${vehicle.name} du ${frenchDay(result.start)} au ${frenchDay(result.end)} (${dayCount(quote.days)}) :`,
    `- Location : ${formatEuros(quote.basePriceCents)} (${quote.days} × ${formatEuros(vehicle.pricePerDayCents)})`,
  ];
  if (quote.protectionCostCents > 0)
    lines.push(`- Protection : ${formatEuros(quote.protectionCostCents)}`);
  for (const line of quote.optionLines)
    lines.push(`- ${line.name} : ${formatEuros(line.amountCents)}`);
  if (quote.unlimitedKmCostCents > 0) {
    lines.push(`- Kilométrage illimité : ${formatEuros(quote.unlimitedKmCostCents)}`);
  }
  if (result.delivery) {
    lines.push(
      `- Livraison à ${result.delivery.city} : ${result.delivery.feeCents === 0 ? 'gratuite' : formatEuros(result.delivery.feeCents)}`,
    );
  }
  lines.push(
    `Total : ${formatEuros(quote.totalCents)}${result.delivery ? '' : ' (hors livraison, gratuite en Île-de-France)'}.`,
  );
  lines.push(`Caution : ${formatEuros(quote.depositCents)} (empreinte bancaire, non débitée).`);
  lines.push(
    result.available
      ? 'Bonne nouvelle : le véhicule est disponible sur ces dates.'
      : 'Attention : le véhicule n’est pas disponible sur ces dates.',
  );
  return lines.join('\n');
}

async function freeVehicles(context: Context, dates: DateRange): Promise<Section> {
  const all = await context.tools.listVehicles();
  const candidates = context.category ? all.filter((v) => v.category === context.category) : all;
  const free: Vehicle[] = [];
  for (const vehicle of candidates) {
    const result = await context.tools.checkAvailability({ vehicle: vehicle.slug, ...dates });
    if (!('error' in result) && result.available) free.push(vehicle);
  }
  const period = `du ${frenchDay(dates.start)} au ${frenchDay(dates.end)}`;
  if (free.length === 0) return section(`Aucun véhicule n’est disponible ${period}.`, PAGES.search);
  return section(
    `Véhicules disponibles ${period} :\n${free.map((v) => `- ${v.name} : ${formatEuros(v.pricePerDayCents)} par jour`).join('\n')}`,
    PAGES.search,
  );
}

async function catalogue(context: Context): Promise<Section> {
  const { current, category } = context;
  const all = await context.tools.listVehicles();
  const text = current.text;
  const line = (v: Vehicle) =>
    `- ${v.name} (${v.category}) : ${formatEuros(v.pricePerDayCents)} par jour, caution ${formatEuros(v.depositCents)}`;
  if (current.vehicles.length > 0) {
    return section(
      current.vehicles.map(line).join('\n'),
      ...current.vehicles.map((v) => vehiclePage(v.slug)),
    );
  }
  let pool = category ? all.filter((v) => v.category === category) : all;
  const filters: [string[], (v: Vehicle) => boolean, string][] = [
    [['electrique*'], (v) => v.energy === 'electrique', 'électriques'],
    [['hybride*'], (v) => v.energy === 'hybride', 'hybrides'],
    [['diesel'], (v) => v.energy === 'diesel', 'diesel'],
    [['suv'], (v) => v.bodyType === 'suv', 'SUV'],
    [
      ['7 places', 'monospace', '8 places', 'grande famille'],
      (v) => (v.features.seats ?? 0) >= 7 || v.bodyType === 'monospace',
      'à 7 places ou plus',
    ],
    [['automatique'], (v) => v.features.transmission === 'Automatique', 'automatiques'],
    [['manuelle'], (v) => v.features.transmission === 'Manuelle', 'à boîte manuelle'],
  ];
  const labels: string[] = [];
  for (const [words, keep, label] of filters) {
    if (hasAny(text, words)) {
      pool = pool.filter(keep);
      labels.push(label);
    }
  }
  const page = category ? categoryPage(category) : PAGES.fleet;
  if (
    hasAny(text, ['moins cher', 'moins chere', 'le moins', 'pas cher', 'economique*', 'petit prix'])
  ) {
    const cheapest = [...pool].sort((a, b) => a.pricePerDayCents - b.pricePerDayCents)[0];
    if (cheapest) {
      return section(
        `Notre véhicule le moins cher${category ? ` en ${category}` : ''} est la ${cheapest.name}, à ${formatEuros(cheapest.pricePerDayCents)} par jour (caution ${formatEuros(cheapest.depositCents)}).`,
        vehiclePage(cheapest.slug),
        page,
      );
    }
  }
  if (hasAny(text, ['plus cher', 'plus chere', 'le plus puissant', 'la plus puissante'])) {
    const top = [...pool].sort((a, b) => b.pricePerDayCents - a.pricePerDayCents)[0];
    if (top) {
      return section(
        `Notre véhicule le plus cher${category ? ` en ${category}` : ''} est la ${top.name}, à ${formatEuros(top.pricePerDayCents)} par jour (caution ${formatEuros(top.depositCents)}).`,
        vehiclePage(top.slug),
        page,
      );
    }
  }
  if (category || labels.length > 0) {
    const title = `Nos véhicules${category ? ` de la catégorie ${category}` : ''}${labels.length > 0 ? ` ${labels.join(', ')}` : ''}`;
    if (pool.length === 0) return section(`${title} : aucun pour le moment.`, page);
    return section(`${title} :\n${pool.map(line).join('\n')}`, page);
  }
  const categories = [...new Set(all.map((v) => v.category))];
  const summary = categories.map((name) => {
    const members = all.filter((v) => v.category === name);
    const prices = members.map((v) => v.pricePerDayCents);
    return `- ${name} : de ${formatEuros(Math.min(...prices))} à ${formatEuros(Math.max(...prices))} par jour (${members.map((v) => v.name).join(', ')}) — ${categoryPage(name)}`;
  });
  return section(
    `Notre flotte compte ${all.length} véhicules :\n${summary.join('\n')}`,
    PAGES.fleet,
  );
}

async function deposit(context: Context): Promise<Section> {
  if (context.vehicles.length > 0) {
    const lines = context.vehicles.map(
      (vehicle) => `La caution de la ${vehicle.name} est de ${formatEuros(vehicle.depositCents)}.`,
    );
    return section(
      `${lines.join('\n')}\nElle est prise sous forme d’empreinte bancaire sur la carte du conducteur principal : bloquée, jamais débitée, puis libérée après la restitution sans dommage.`,
      ...context.vehicles.map((vehicle) => vehiclePage(vehicle.slug)),
    );
  }
  if (context.category) {
    const vehicles = (await context.tools.listVehicles()).filter(
      (v) => v.category === context.category,
    );
    const lines = vehicles.map((v) => `- ${v.name} : ${formatEuros(v.depositCents)}`);
    return section(
      `Cautions de la catégorie ${context.category} :\n${lines.join('\n')}\n${TEXT.deposit()}`,
      categoryPage(context.category),
    );
  }
  return section(TEXT.deposit(), PAGES.conditions);
}

function conditions(context: Context): Section {
  const { standard, supercar } = RULES.conditions;
  const supercars = context.vehicles.filter((vehicle) => vehicle.isSupercar);
  if (context.vehicles.length > 0 && supercars.length === context.vehicles.length) {
    return section(
      `Pour la ${supercars.map((v) => v.name).join(' ou la ')} (Super Car), le conducteur doit avoir au moins ${supercar.minAge} ans et son permis depuis au moins ${supercar.minLicenceYears} ans.`,
      PAGES.conditions,
    );
  }
  if (context.vehicles.length > 0 || context.category) {
    const isSuper = context.category === 'Super Cars';
    const rule = isSuper ? supercar : standard;
    const subject = isSuper
      ? 'les Super Cars'
      : context.vehicles.length > 0
        ? `la ${context.vehicles.map((v) => v.name).join(' ou la ')}`
        : `la catégorie ${context.category}`;
    return section(
      `Pour ${subject}, le conducteur doit avoir au moins ${rule.minAge} ans et son permis depuis au moins ${rule.minLicenceYears} ans.` +
        (isSuper
          ? ''
          : ` (${supercar.minAge} ans et ${supercar.minLicenceYears} ans de permis pour les Super Cars.)`),
      PAGES.conditions,
    );
  }
  return section(TEXT.conditions(), PAGES.conditions);
}

function protection(context: Context): Section {
  const chosen = findProtection(context.current.text);
  if (chosen && chosen !== 'none') {
    const plan = findProtectionPlan(chosen);
    return section(
      `${plan.name} : ${formatEuros(plan.pricePerDayCents)} par jour, ${plan.excess.toLowerCase()}.\n${plan.features.map((f) => `- ${f}`).join('\n')}`,
      PAGES.conditions,
    );
  }
  return section(TEXT.protections(), PAGES.conditions);
}

function extras(context: Context): Section {
  const ids = findExtras(context.current.text);
  if (ids.length === 0) return section(TEXT.extras(), PAGES.conditions);
  const lines = ids.map((id) => {
    const extra = findExtra(id);
    const price = 'pricePerDayCents' in extra ? extra.pricePerDayCents : extra.priceOneTimeCents;
    return `${extra.name} : ${formatEuros(price)} ${extra.unit}. ${extra.description}`;
  });
  return section(
    `${lines.join('\n')}\nLes options s’ajoutent lors de la réservation, après le choix de la protection.`,
    PAGES.conditions,
  );
}

function kilometres(context: Context): Section {
  const limited = context.vehicles.filter((vehicle) => vehicle.dailyKmLimit !== null);
  const specific = limited.map(
    (vehicle) =>
      `La ${vehicle.name} est limitée à ${vehicle.dailyKmLimit} km par jour (kilométrage illimité non proposé).`,
  );
  return section([...specific, TEXT.kilometres()].join('\n'), PAGES.conditions);
}

async function delivery(context: Context): Promise<Section> {
  const place = await findPlace(context.current.text, context.tools);
  if (!place) return section(TEXT.delivery(), PAGES.howItWorks);
  const fee = await context.tools.deliveryFee(place);
  if (!fee) return section(TEXT.delivery(), PAGES.howItWorks);
  return section(describeDelivery(fee), PAGES.howItWorks);
}

function describeDelivery(fee: DeliveryFee): string {
  if (fee.inIleDeFrance) {
    return `La livraison à ${fee.city} est gratuite : nous livrons gratuitement partout en Île-de-France.`;
  }
  const slices = fee.feeCents / RULES.deliverySlicePriceCents;
  return (
    `La livraison à ${fee.city} coûte ${formatEuros(fee.feeCents)} : ${fee.distanceKm.toLocaleString('fr-FR')} km à vol d’oiseau ` +
    `depuis le centre de Paris, soit ${slices} tranche${slices > 1 ? 's' : ''} de ${RULES.deliverySliceKm} km à ` +
    `${formatEuros(RULES.deliverySlicePriceCents)}. La livraison est gratuite en Île-de-France.`
  );
}

const PLACE_PREPOSITIONS = new Set([
  'a',
  'sur',
  'vers',
  'pour',
  'dans',
  'en',
  'au',
  'aux',
  'jusqu',
  'de',
  'du',
  'sur',
]);
const NOT_PLACES = new Set([
  'livraison',
  'domicile',
  'la',
  'le',
  'les',
  'l',
  'combien',
  'quel',
  'quelle',
  'moi',
  'chez',
  'mon',
  'ma',
  'votre',
  'vous',
  'paris centre',
]);

/** A town named in the message, checked against the geocoder: '… à Lyon', 'vers Saint-Étienne', '69003'. */
async function findPlace(text: string, tools: ChatTools): Promise<string | null> {
  const postcode = findPostcode(text);
  if (postcode) return postcode;
  const words = text.trim().split(' ');
  const candidates: string[] = [];
  words.forEach((word, index) => {
    if (!PLACE_PREPOSITIONS.has(word)) return;
    for (let length = 4; length >= 1; length--) {
      const window = words.slice(index + 1, index + 1 + length);
      if (window.length < length || NOT_PLACES.has(window[0]!)) continue;
      candidates.push(window.join(' '));
    }
  });
  for (const candidate of candidates) {
    const fee = await tools.deliveryFee(candidate);
    if (!fee) continue;
    const city = normalise(fee.city)
      .trim()
      .replace(/^(le|la|les|l) /, '');
    const wanted = candidate.replace(/^(le|la|les|l) /, '');
    if (city === wanted) return candidate;
  }
  return null;
}

async function bookingStatus(context: Context): Promise<Section> {
  const { reference, email, tools } = context;
  if (!reference && !email) {
    return section(
      `Pour suivre votre réservation, donnez-moi votre numéro de réservation (8 caractères, dans l’e-mail de confirmation) et l’adresse e-mail utilisée pour réserver. ${TEXT.bookingLookup()}`,
      PAGES.bookingLookup,
    );
  }
  if (!reference) {
    return section(
      'Merci ! Quel est votre numéro de réservation (8 caractères, indiqué dans l’e-mail de confirmation) ?',
      PAGES.bookingLookup,
    );
  }
  if (!email) {
    return section(
      'Pour des raisons de confidentialité, j’ai aussi besoin de l’adresse e-mail utilisée lors de la réservation.',
      PAGES.bookingLookup,
    );
  }
  const result = await tools.bookingStatus({ bookingNumber: reference, email });
  if (!result.found) {
    return section(
      `Aucune réservation ne correspond à ce numéro et à cet e-mail. Vérifiez-les dans votre e-mail de confirmation, ou contactez-nous au ${tools.site.phone} ou par messagerie : ${tools.site.messagingUrl}.`,
      PAGES.bookingLookup,
    );
  }
  return section(
    `Réservation ${result.reference} : ${result.status} (paiement : ${result.paymentStatus.toLowerCase()}). ` +
      `${result.vehicleName}, du ${frenchDay(result.pickupDate)} au ${frenchDay(result.returnDate)}, ` +
      `total ${formatEuros(result.totalPriceCents)}. Le détail est sur ${PAGES.bookingLookup}.`,
    PAGES.bookingLookup,
  );
}

function noBookingNumber(context: Context): Section {
  const { site } = context.tools;
  return section(
    'Votre numéro de réservation (8 caractères) figure dans l’e-mail de confirmation reçu après le ' +
      'paiement : pensez à vérifier vos courriers indésirables. Si vous avez un compte, vos réservations ' +
      `sont aussi dans votre profil (/profil). Sinon, contactez-nous au ${site.phone} ou par messagerie ` +
      `(${site.messagingUrl}) en indiquant l’adresse e-mail utilisée pour réserver.`,
    PAGES.bookingLookup,
  );
}
