import type { ExtraId } from '@vroum/core/extras';
import type { ProtectionId } from '@vroum/core/protection';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import { hasAny, normalise } from './french-text';

// What the built-in assistant recognises in a message besides its topics: a category, vehicles by
// their names, options by their own words, a protection plan.

export const CATEGORY_WORDS: Record<VehicleCategory, readonly string[]> = {
  Standard: ['standard', 'citadine*', 'economique*', 'petite voiture', 'petit budget'],
  Premium: ['premium', 'berline*'],
  Luxe: ['luxe', 'luxueu*', 'haut de gamme'],
  'Super Cars': ['super car*', 'supercar*', 'sportive*', 'voiture de sport', 'voitures de sport'],
};

export function findCategory(text: string): VehicleCategory | null {
  for (const [category, words] of Object.entries(CATEGORY_WORDS) as [VehicleCategory, string[]][]) {
    if (hasAny(text, words)) return category;
  }
  return null;
}

const GENERIC_MODEL_WORDS = new Set(['classe', 'serie', 'sport', 'spider']);

/** The names a customer may use for a vehicle: full name, model, distinctive model words. */
function aliasesOf(vehicle: Vehicle): string[] {
  const name = normalise(vehicle.name).trim();
  const brandWords = normalise(vehicle.brand).trim().split(' ');
  const words = name.split(' ');
  const model = words
    .filter((word, index) => !(index === 0 && brandWords.includes(word)))
    .join(' ');
  const aliases = new Set([name, model]);
  // 'Classe S 500' is also 'Classe S'.
  const modelWords = model.split(' ');
  if (modelWords.length > 2) aliases.add(modelWords.slice(0, 2).join(' '));
  for (const word of model.split(' ')) {
    if (GENERIC_MODEL_WORDS.has(word)) continue;
    if (/^\d+$/.test(word) && word !== model) continue;
    if (word.length >= 3 || /\d/.test(word)) aliases.add(word);
  }
  return [...aliases].filter((alias) => alias.length >= 2);
}

/** Vehicles named in the text: by name or model; a brand alone names all its vehicles. */
export function findVehicles(text: string, vehicles: readonly Vehicle[]): Vehicle[] {
  const byModel = vehicles.filter((vehicle) => hasAny(text, aliasesOf(vehicle)));
  if (byModel.length > 0) return byModel;
  return vehicles.filter((vehicle) => {
    const brand = normalise(vehicle.brand).trim();
    const first = brand.split(/[ -]/)[0]!;
    return hasAny(text, [brand, first]);
  });
}

export const EXTRA_WORDS: Record<ExtraId, readonly string[]> = {
  additional_driver: [
    'conducteur additionnel',
    'second conducteur',
    'deuxieme conducteur',
    'autre conducteur',
    'conducteurs additionnels',
  ],
  tyre_glass_protection: [
    'pneu*',
    'vitre*',
    'vitrage*',
    'bris de glace',
    'pare brise',
    'optique*',
    'tyre*',
    'tire',
    'tires',
    'glass',
    'windscreen',
    'windshield',
  ],
  interior_protection: [
    'protection interieure',
    'interieur*',
    'sellerie',
    'habitacle',
    'garniture*',
    'tache*',
    'brulure*',
    'dechirure*',
    'interior',
  ],
  baby_seat: ['siege bebe', 'bebe', 'coque'],
  child_seat: ['siege enfant', 'sieges enfant', 'siege auto'],
  booster_seat: ['rehausseur*'],
  snow_chains: ['chaine*', 'neige', 'montagne'],
};

export function findExtras(text: string): ExtraId[] {
  return (Object.entries(EXTRA_WORDS) as [ExtraId, readonly string[]][])
    .filter(([, words]) => hasAny(text, words))
    .map(([id]) => id);
}

export function findProtection(text: string): ProtectionId | null {
  if (hasAny(text, ['protection complete', 'formule complete', 'complete', 'tous risques']))
    return 'complete';
  if (hasAny(text, ['intermediaire'])) return 'intermediate';
  if (hasAny(text, ['basique', 'protection de base'])) return 'basic';
  if (hasAny(text, ['sans protection', 'aucune protection'])) return 'none';
  return null;
}
