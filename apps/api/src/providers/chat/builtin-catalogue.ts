import { formatPrice } from '@vroum/core/money-format';
import type { Vehicle } from '@vroum/core/vehicle';
import { say } from './builtin-language';
import { section, type Context, type Section } from './builtin-sections';
import { hasAny } from './french-text';
import { categoryLink, PAGE_LINKS, vehicleLink } from './knowledge';

/**
 * The catalogue as the visitor asks for it: the vehicles named, a category, a kind of car
 * (electric, SUV, seven seats…), the cheapest or the dearest, or the whole fleet by category.
 */
export async function catalogue(context: Context): Promise<Section> {
  const { current, category } = context;
  const all = await context.tools.listVehicles();
  const text = current.text;
  const { lang } = context;
  const line = (v: Vehicle) =>
    say(
      lang,
      `- ${v.name} (${v.category}) : ${formatPrice(v.pricePerDayCents)} par jour, caution ${formatPrice(v.depositCents)}`,
      `- ${v.name} (${v.category}): ${formatPrice(v.pricePerDayCents)} a day, deposit ${formatPrice(v.depositCents)}`,
    );
  if (current.vehicles.length > 0) {
    return section(current.vehicles.map(line).join('\n'), ...current.vehicles.map(vehicleLink));
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
  const page = category ? categoryLink(category) : PAGE_LINKS.fleet;
  const extremes: [string[], 'le moins cher' | 'le plus cher', number][] = [
    [
      [
        'moins cher',
        'moins chere',
        'le moins',
        'pas cher',
        'economique*',
        'petit prix',
        'cheapest',
      ],
      'le moins cher',
      1,
    ],
    [
      ['plus cher', 'plus chere', 'le plus puissant', 'la plus puissante', 'most expensive'],
      'le plus cher',
      -1,
    ],
  ];
  for (const [words, superlative, order] of extremes) {
    if (!hasAny(text, words)) continue;
    const chosen = [...pool].sort((a, b) => order * (a.pricePerDayCents - b.pricePerDayCents))[0];
    if (chosen) {
      const english = `Our ${order > 0 ? 'cheapest' : 'dearest'} car${category ? ` in ${category}` : ''} is the ${chosen.name}, at ${formatPrice(chosen.pricePerDayCents)} a day (deposit ${formatPrice(chosen.depositCents)}).`;
      return section(
        say(
          lang,
          `Notre véhicule ${superlative}${category ? ` en ${category}` : ''} est la ${chosen.name}, à ${formatPrice(chosen.pricePerDayCents)} par jour (caution ${formatPrice(chosen.depositCents)}).`,
          english,
        ),
        vehicleLink(chosen),
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
    const [low, high] = [formatPrice(Math.min(...prices)), formatPrice(Math.max(...prices))];
    const names = members.map((v) => v.name).join(', ');
    return say(
      lang,
      `- ${name} : de ${low} à ${high} par jour (${names}) — ${categoryLink(name)}`,
      `- ${name}: ${low} to ${high} a day (${names}) — ${categoryLink(name)}`,
    );
  });
  const title = say(
    lang,
    `Notre flotte compte ${all.length} véhicules :`,
    `Our fleet has ${all.length} cars:`,
  );
  return section(`${title}\n${summary.join('\n')}`, PAGE_LINKS.fleet);
}
