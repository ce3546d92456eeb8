import type { GeocodedAddress } from '@vroum/core/address';
import { loadGazetteer, type Gazetteer, type Place } from './builtin-gazetteer';
import type { Geocoder } from './geocoder';
import { normalisePlaceName, tokenise, type Token } from './place-name';

/** The offline default: communes and postcodes only, so a street is echoed, never checked. */
export function createBuiltinGeocoder(): Geocoder {
  return {
    name: 'builtin',
    async warmUp() {
      await loadGazetteer();
    },
    async search(query, { limit }) {
      return searchGazetteer(await loadGazetteer(), query, limit);
    },
  };
}

const STREET_WORDS = new Set(
  (
    'rue avenue av ave boulevard bd bld blvd place pl chemin allee allees impasse imp route rte ' +
    'quai cours square sq passage voie esplanade promenade sentier sente ruelle chaussee ' +
    'faubourg fbg hameau residence cite villa parvis rampe montee lotissement domaine clos ' +
    'traverse carrefour rond point lieu dit'
  ).split(' '),
);
/** Words that neither name a street nor number a house: 'de', 'bis'… */
const FILLER_WORDS = new Set('de du des la le les l d a au aux et bis ter quater'.split(' '));
const HOUSE_NUMBER = /^\d{1,4}(?:[a-z]|bis|ter|quater)?$/;
const POSTCODE = /^\d{5}$/;

export function searchGazetteer(
  gazetteer: Gazetteer,
  query: string,
  limit: number,
): GeocodedAddress[] {
  const tokens = tokenise(query);
  if (tokens.length === 0 || limit < 1) return [];
  const only = tokens.length === 1 ? tokens[0]?.key : undefined;
  if (only && /^\d{2,5}$/.test(only)) {
    return findByPostcodePrefix(gazetteer, only, limit).map((p) => toMunicipality(p, only));
  }
  const postcodeAt = tokens.findLastIndex((token) => POSTCODE.test(token.key));
  const postcode = tokens[postcodeAt]?.key;
  const street = findStreetAddress(gazetteer, query, tokens, postcodeAt);
  if (street) return street.slice(0, limit);
  const words = tokens.filter((_, index) => index !== postcodeAt);
  const withPostcode = postcode ? findByNameAndPostcode(gazetteer, words, postcode) : [];
  // A mistyped postcode should not hide the commune named next to it.
  const places = withPostcode.length > 0 ? withPostcode : findByName(gazetteer, words, limit);
  return places.slice(0, limit).map((place) => toMunicipality(place, postcode));
}

/** '750' → 75001 Paris, 75002 Paris… in postcode order, the most populated first within one. */
function findByPostcodePrefix(gazetteer: Gazetteer, prefix: string, limit: number): Place[] {
  const found = new Map<string, Place>();
  const { postcodes } = gazetteer;
  for (let i = lowerBound(postcodes, (p) => p, prefix); i < postcodes.length; i += 1) {
    const postcode = postcodes[i] ?? '';
    if (!postcode.startsWith(prefix) || found.size >= limit) break;
    for (const place of gazetteer.byPostcode.get(postcode) ?? []) found.set(place.code, place);
  }
  return [...found.values()];
}

/** 'Paris 75008', '78000 Versailles': the communes of that postcode whose name fits. */
function findByNameAndPostcode(gazetteer: Gazetteer, words: Token[], postcode: string): Place[] {
  const name = words.map((word) => word.key).join(' ');
  const fits = (key: string) => key.startsWith(name) || key.includes(` ${name}`);
  const places = gazetteer.byPostcode.get(postcode) ?? [];
  const exact = places.filter((p) => p.key === name || p.cityKey === name);
  return unique([...exact, ...places.filter((p) => fits(p.key) || fits(p.cityKey))]);
}

/** Exact names first, then names that begin with the text, then names with a word that does. */
function findByName(gazetteer: Gazetteer, words: Token[], limit: number): Place[] {
  const names = nameVariants(words);
  const byPopulation = (a: Place, b: Place) => b.population - a.population;
  const exact = names.flatMap((name) => gazetteer.byKey.get(name) ?? []);
  const prefixed = names
    .flatMap((name) => startingWith(gazetteer.places, (place) => place.key, name))
    .sort(byPopulation);
  const found = unique([...exact, ...prefixed]);
  if (found.length >= limit) return found;
  const inner = names
    .flatMap((name) => startingWith(gazetteer.innerNames, (entry) => entry.key, name))
    .map((entry) => entry.place)
    .sort(byPopulation);
  return unique([...found, ...inner]);
}

/** A last word 'st' or 'ste' may be 'Saint' or the start of 'Stenay': try both. */
function nameVariants(words: Token[]): string[] {
  const keys = words.map((word) => word.key);
  const last = words.at(-1);
  const name = keys.join(' ');
  if (!last || last.key === last.plain) return [name];
  return [name, [...keys.slice(0, -1), last.plain].join(' ')];
}

/** The items whose key begins with the prefix, in a list sorted by that key. */
function startingWith<T>(list: T[], keyOf: (item: T) => string, prefix: string): T[] {
  const found: T[] = [];
  for (let i = lowerBound(list, keyOf, prefix); i < list.length; i += 1) {
    const item = list[i] as T;
    if (!keyOf(item).startsWith(prefix)) break;
    found.push(item);
  }
  return found;
}

/**
 * '10 rue de Rivoli, Paris', '12 avenue Foch 75016 Paris': a house number or a street word, a
 * street name, then a commune or a postcode. The built-in cannot know streets, so it offers the
 * typed street in the commune found (at the commune's coordinates), then the commune itself.
 */
function findStreetAddress(
  gazetteer: Gazetteer,
  query: string,
  tokens: Token[],
  postcodeAt: number,
): GeocodedAddress[] | null {
  const postcode = tokens[postcodeAt]?.key;
  const split = postcode
    ? splitAtPostcode(gazetteer, tokens, postcodeAt)
    : splitAtCommune(gazetteer, query, tokens);
  const streetTokens = tokens.slice(0, split?.at ?? 0);
  if (!split || split.places.length === 0 || !isStreet(streetTokens)) return null;
  const street = query.slice(streetTokens[0]?.start, streetTokens.at(-1)?.end).replace(/\s+/g, ' ');
  const hasNumber = streetTokens.some((token) => HOUSE_NUMBER.test(token.key));
  return split.places.flatMap((place) => [
    toStreetAddress(street, hasNumber, place, postcode),
    toMunicipality(place, postcode),
  ]);
}

interface Split {
  /** Index of the first token after the street. */
  at: number;
  places: Place[];
}

/**
 * '12 avenue Foch 75016 Paris' or '12 avenue Foch, Paris 75016': the communes of the postcode,
 * narrowed to the name written after it, or found at the end of the words before it.
 */
function splitAtPostcode(gazetteer: Gazetteer, tokens: Token[], postcodeAt: number): Split {
  const places = gazetteer.byPostcode.get(tokens[postcodeAt]?.key ?? '') ?? [];
  const named = (name: string) =>
    places.filter((p) => p.key.startsWith(name) || p.cityKey.startsWith(name));
  const after = tokens.slice(postcodeAt + 1);
  if (after.length > 0) {
    const fitting = named(after.map((token) => token.key).join(' '));
    return { at: postcodeAt, places: fitting.length > 0 ? fitting : places };
  }
  for (let at = 1; at < postcodeAt; at += 1) {
    const name = tokens
      .slice(at, postcodeAt)
      .map((token) => token.key)
      .join(' ');
    const exact = places.filter((p) => p.key === name || p.cityKey === name);
    if (exact.length > 0) return { at, places: exact };
  }
  return { at: postcodeAt, places };
}

/**
 * Where the commune begins: after the last comma when there is one ('…, Paris'), otherwise the
 * longest run of final words that is exactly a commune's name ('10 rue de Rivoli Paris').
 */
function splitAtCommune(gazetteer: Gazetteer, query: string, tokens: Token[]): Split | null {
  const comma = query.lastIndexOf(',');
  if (comma >= 0) {
    const at = tokens.findIndex((token) => token.start > comma);
    if (at <= 0) return null;
    const words = tokens.slice(at);
    const name = words.map((token) => token.key).join(' ');
    const exact = gazetteer.byKey.get(name) ?? [];
    return { at, places: exact.length > 0 ? exact : findByName(gazetteer, words, 2).slice(0, 2) };
  }
  for (let at = 1; at < tokens.length; at += 1) {
    const places = gazetteer.byKey.get(normalisePlaceName(query.slice(tokens[at]?.start)));
    if (places) return { at, places };
  }
  return null;
}

/** A house number or a street word, and at least one word that names the street. */
function isStreet(tokens: Token[]): boolean {
  const signal = tokens.some((t) => HOUSE_NUMBER.test(t.key) || STREET_WORDS.has(t.key));
  const named = tokens.some(
    (t) => !HOUSE_NUMBER.test(t.key) && !STREET_WORDS.has(t.key) && !FILLER_WORDS.has(t.key),
  );
  return signal && named;
}

/**
 * The postcode asked for when the place has it, else its only one. A commune with several gets
 * its first (main) one only if `guessMain`; Paris, Lyon and Marseille themselves get none.
 */
function postcodeFor(place: Place, asked: string | undefined, guessMain: boolean): string | null {
  const match = asked && place.postcodes.find((postcode) => postcode.startsWith(asked));
  if (match) return match;
  if (place.hasArrondissements) return null;
  return guessMain || place.postcodes.length === 1 ? (place.postcodes[0] ?? null) : null;
}

function toMunicipality(place: Place, postcode?: string): GeocodedAddress {
  const chosen = postcodeFor(place, postcode, true);
  return {
    id: place.code,
    label: chosen ? `${chosen} ${place.city}` : place.city,
    postcode: chosen,
    city: place.city,
    departmentCode: place.departmentCode,
    lat: place.lat,
    lon: place.lon,
    kind: 'municipality',
  };
}

function toStreetAddress(
  street: string,
  hasNumber: boolean,
  place: Place,
  postcode: string | undefined,
): GeocodedAddress {
  // A street of Toulouse without its postcode could be in any of Toulouse's six: say none.
  const chosen = postcodeFor(place, postcode, false);
  return {
    id: `${place.code}:${normalisePlaceName(street).replaceAll(' ', '-')}`,
    label: `${street}, ${chosen ? `${chosen} ` : ''}${place.city}`,
    postcode: chosen,
    city: place.city,
    departmentCode: place.departmentCode,
    lat: place.lat,
    lon: place.lon,
    kind: hasNumber ? 'address' : 'street',
  };
}

function unique(places: Place[]): Place[] {
  return [...new Map(places.map((place) => [place.code, place])).values()];
}

/** First index whose key is >= target, in a list sorted by that key. */
function lowerBound<T>(list: T[], keyOf: (item: T) => string, target: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(list[middle] as T) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
