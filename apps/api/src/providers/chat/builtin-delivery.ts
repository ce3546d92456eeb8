import { formatPrice } from '@vroum/core/money-format';
import { section, type Context, type Section } from './builtin-sections';
import type { ChatTools, DeliveryFee } from './chat-tools';
import { findPostcode, normalise } from './french-text';
import { say, type Lang } from './builtin-language';
import { PAGE_LINKS, RULES, TEXT } from './knowledge';
import { TEXT_EN } from './knowledge-en';

/** The delivery fee to the town the visitor names (priced by the delivery rule), or the rule. */
export async function delivery(context: Context): Promise<Section> {
  const { lang } = context;
  const rule = say(lang, TEXT.delivery(), TEXT_EN.delivery());
  const place = await findPlace(context.current.text, context.tools);
  if (!place) return section(rule, PAGE_LINKS.howItWorks);
  const fee = await context.tools.deliveryFee(place);
  if (!fee) return section(rule, PAGE_LINKS.howItWorks);
  return section(describeDelivery(fee, lang), PAGE_LINKS.howItWorks);
}

function describeDelivery(fee: DeliveryFee, lang: Lang): string {
  if (lang === 'en') {
    return fee.inIleDeFrance
      ? `Delivery to ${fee.city} is free: we deliver free of charge anywhere in Île-de-France.`
      : `Delivery to ${fee.city} costs ${formatPrice(fee.feeCents)}: ${fee.distanceKm} km as the crow flies from central Paris, at ${formatPrice(RULES.deliverySlicePriceCents)} per started ${RULES.deliverySliceKm} km. Delivery is free in Île-de-France.`;
  }
  if (fee.inIleDeFrance) {
    return `La livraison à ${fee.city} est gratuite : nous livrons gratuitement partout en Île-de-France.`;
  }
  const slices = fee.feeCents / RULES.deliverySlicePriceCents;
  return (
    `La livraison à ${fee.city} coûte ${formatPrice(fee.feeCents)} : ${fee.distanceKm.toLocaleString('fr-FR')} km à vol d’oiseau ` +
    `depuis le centre de Paris, soit ${slices} tranche${slices > 1 ? 's' : ''} de ${RULES.deliverySliceKm} km à ` +
    `${formatPrice(RULES.deliverySlicePriceCents)}. La livraison est gratuite en Île-de-France.`
  );
}

const PLACE_PREPOSITIONS = new Set([
  'to',
  'in',
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
export async function findPlace(text: string, tools: ChatTools): Promise<string | null> {
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
