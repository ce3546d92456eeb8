import { formatPrice } from '@vroum/core/money-format';
import type { Quote } from '@vroum/core/pricing';
import type { Vehicle } from '@vroum/core/vehicle';
import { catalogue } from './builtin-catalogue';
import { findPlace } from './builtin-delivery';
import { findExtras, findProtection } from './builtin-entities';
import { dayCount, frenchDay, section, type Context, type Section } from './builtin-sections';
import type { DeliveryFee, RentalChoices } from './chat-tools';
import { hasAny, type DateRange } from './french-text';
import { say, type Lang } from './builtin-language';
import { PAGE_LINKS, vehicleLink } from './knowledge';

const ASK_DATES = 'Indiquez-moi vos dates (par exemple « du 12 au 15 mars »)';
const ASK_DATES_EN = 'Tell me your dates (for example “from 12 to 15 March”)';
const dayWords = (lang: Lang, count: number) =>
  lang === 'en' ? `${count} day${count > 1 ? 's' : ''}` : dayCount(count);

/**
 * The price of the vehicles the visitor names: a quote for the dates, or for a number of days
 * without dates (priced by the server's rule, availability not checked), or the price per day.
 */
export async function vehiclePrice(context: Context): Promise<Section | null> {
  const { vehicles, dates, duration } = context;
  if (vehicles.length === 0) {
    if (dates && context.current.topics.has('availability')) return freeVehicles(context, dates);
    if (duration && !dates) return fleetForDuration(context, duration);
    return catalogue(context);
  }
  if (vehicles.length === 1 && dates) return quoteForDates(context, vehicles[0]!, dates);
  if (duration && !dates) return quoteForDuration(context, vehicles, duration);
  const { lang } = context;
  const lines = vehicles.map((vehicle) =>
    say(
      lang,
      `- ${vehicle.name} : ${formatPrice(vehicle.pricePerDayCents)} par jour, caution ${formatPrice(vehicle.depositCents)}`,
      `- ${vehicle.name}: ${formatPrice(vehicle.pricePerDayCents)} a day, deposit ${formatPrice(vehicle.depositCents)}`,
    ),
  );
  const ask = dates
    ? ''
    : say(
        lang,
        `\n${ASK_DATES} pour un devis exact et la disponibilité.`,
        `\n${ASK_DATES_EN} for an exact quote and the availability.`,
      );
  const title = say(lang, vehicles.length > 1 ? 'Voici les tarifs :' : 'Tarif :', 'Prices:');
  return section(`${title}\n${lines.join('\n')}${ask}`, ...vehicles.map(vehicleLink));
}

/** The protection, options, unlimited kilometres and delivery the message asks for. */
async function choicesOf(context: Context, vehicle: Vehicle): Promise<RentalChoices> {
  const { current, tools } = context;
  const place = current.topics.has('delivery') ? await findPlace(current.text, tools) : null;
  return {
    vehicle: vehicle.slug,
    place: place ?? undefined,
    protection: findProtection(current.text) ?? undefined,
    options: findExtras(current.text),
    unlimitedKm: hasAny(current.text, ['illimite*']),
  };
}

async function quoteForDates(
  context: Context,
  vehicle: Vehicle,
  dates: DateRange,
): Promise<Section> {
  const result = await context.tools.quoteRental({
    ...(await choicesOf(context, vehicle)),
    ...dates,
  });
  if ('error' in result) return section(result.error, vehicleLink(vehicle));
  const title = `Devis pour la ${vehicle.name} du ${frenchDay(result.start)} au ${frenchDay(result.end)} (${dayCount(result.quote.days)}) :`;
  const availability = result.available
    ? 'Bonne nouvelle : le véhicule est disponible sur ces dates.'
    : 'Attention : le véhicule n’est pas disponible sur ces dates.';
  return section(
    [title, ...quoteLines(vehicle, result.quote, result.delivery), availability].join('\n'),
    vehicleLink(vehicle),
  );
}

async function quoteForDuration(
  context: Context,
  vehicles: readonly Vehicle[],
  days: number,
): Promise<Section> {
  const texts: string[] = [];
  for (const vehicle of vehicles.slice(0, 4)) {
    const result = await context.tools.quoteDuration({
      ...(await choicesOf(context, vehicle)),
      days,
    });
    if ('error' in result) {
      texts.push(result.error);
      continue;
    }
    const { lang } = context;
    const title = say(
      lang,
      `Devis pour la ${vehicle.name} pendant ${dayCount(result.quote.days)} :`,
      `Quote for the ${vehicle.name} for ${dayWords(lang, result.quote.days)}:`,
    );
    texts.push([title, ...quoteLines(vehicle, result.quote, result.delivery, lang)].join('\n'));
  }
  const ask = say(
    context.lang,
    `${ASK_DATES} pour vérifier la disponibilité et réserver.`,
    `${ASK_DATES_EN} to check the availability and book.`,
  );
  return section(`${texts.join('\n\n')}\n${ask}`, ...vehicles.slice(0, 4).map(vehicleLink));
}

/** The lines of a quote, as checkout lists them, then the total and the deposit. */
function quoteLines(
  vehicle: Vehicle,
  quote: Quote,
  delivery: DeliveryFee | null,
  lang: Lang = 'fr',
): string[] {
  if (lang === 'en') {
    return [
      `- Rental: ${formatPrice(quote.basePriceCents)} (${quote.days} × ${formatPrice(vehicle.pricePerDayCents)})`,
      ...(quote.protectionCostCents > 0
        ? [`- Protection: ${formatPrice(quote.protectionCostCents)}`]
        : []),
      ...quote.optionLines.map((line) => `- ${line.name}: ${formatPrice(line.amountCents)}`),
      `Total: ${formatPrice(quote.totalCents)}${delivery ? '' : ' (delivery free in Île-de-France)'}.`,
      `Deposit: ${formatPrice(quote.depositCents)} (a card hold, not debited).`,
    ];
  }
  const lines = [
    `- Location : ${formatPrice(quote.basePriceCents)} (${quote.days} × ${formatPrice(vehicle.pricePerDayCents)})`,
  ];
  if (quote.protectionCostCents > 0)
    lines.push(`- Protection : ${formatPrice(quote.protectionCostCents)}`);
  for (const line of quote.optionLines)
    lines.push(`- ${line.name} : ${formatPrice(line.amountCents)}`);
  if (quote.unlimitedKmCostCents > 0) {
    lines.push(`- Kilométrage illimité : ${formatPrice(quote.unlimitedKmCostCents)}`);
  }
  if (delivery) {
    lines.push(
      `- Livraison à ${delivery.city} : ${delivery.feeCents === 0 ? 'gratuite' : formatPrice(delivery.feeCents)}`,
    );
  }
  lines.push(
    `Total : ${formatPrice(quote.totalCents)}${delivery ? '' : ' (hors livraison, gratuite en Île-de-France)'}.`,
  );
  lines.push(`Caution : ${formatPrice(quote.depositCents)} (empreinte bancaire, non débitée).`);
  return lines;
}

/** 'Combien pour 3 jours ?' without a vehicle: the cheapest and the dearest for that many days. */
async function fleetForDuration(context: Context, days: number): Promise<Section> {
  const all = await context.tools.listVehicles();
  const pool = context.category ? all.filter((v) => v.category === context.category) : all;
  const byPrice = [...pool].sort((a, b) => a.pricePerDayCents - b.pricePerDayCents);
  const ends = [byPrice[0], byPrice.at(-1)].filter((vehicle) => vehicle !== undefined);
  const totals: string[] = [];
  for (const vehicle of ends) {
    const result = await context.tools.quoteDuration({ vehicle: vehicle.slug, days });
    if (!('error' in result)) {
      totals.push(`${formatPrice(result.quote.totalCents)} (${vehicle.name})`);
    }
  }
  if (totals.length === 0) return catalogue(context);
  return section(
    `Pour ${dayCount(days)}${context.category ? ` en ${context.category}` : ''}, comptez de ${totals.join(' à ')}, hors protection, options et livraison hors Île-de-France. ` +
      'Dites-moi quel véhicule vous intéresse pour un devis détaillé.',
    PAGE_LINKS.fleet,
  );
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
  if (free.length === 0) {
    return section(`Aucun véhicule n’est disponible ${period}.`, PAGE_LINKS.search);
  }
  return section(
    `Véhicules disponibles ${period} :\n${free.map((v) => `- ${v.name} : ${formatPrice(v.pricePerDayCents)} par jour`).join('\n')}`,
    PAGE_LINKS.search,
  );
}
