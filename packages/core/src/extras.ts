/** Optional extras, in cents: priced per day, or once per rental. */
export const EXTRA_IDS = [
  'additional_driver',
  'tyre_glass_protection',
  'interior_protection',
  'baby_seat',
  'child_seat',
  'booster_seat',
  'snow_chains',
] as const;
export type ExtraId = (typeof EXTRA_IDS)[number];

export type ExtraIcon = 'extra-driver' | 'shield' | 'shield-plus' | 'baby' | 'snowflake';

export type Extra = {
  id: ExtraId;
  name: string;
  icon: ExtraIcon;
  /** How the price reads next to the amount. */
  unit: string;
  description: string;
} & ({ pricePerDayCents: number } | { priceOneTimeCents: number });

export const EXTRAS: readonly Extra[] = [
  {
    id: 'additional_driver',
    name: 'Conducteur additionnel',
    icon: 'extra-driver',
    pricePerDayCents: 1300,
    unit: 'par jour et par conducteur',
    description:
      'Partagez le volant\u00a0: le conducteur additionnel doit remplir les mêmes conditions d’âge et de permis que le conducteur principal.',
  },
  {
    id: 'tyre_glass_protection',
    name: 'Protection pneus et vitres',
    icon: 'shield-plus',
    pricePerDayCents: 899,
    unit: 'par jour',
    description:
      'Couvre les pneus, le pare-brise, les vitres et les optiques, qui ne sont pas couverts par les protections Basique et Intermédiaire.',
  },
  {
    id: 'interior_protection',
    name: 'Protection intérieure',
    icon: 'shield',
    pricePerDayCents: 499,
    unit: 'par jour',
    description:
      'Couvre les taches, brûlures et déchirures de la sellerie et des garnitures intérieures.',
  },
  {
    id: 'baby_seat',
    name: 'Siège bébé',
    icon: 'baby',
    pricePerDayCents: 1600,
    unit: 'par jour',
    description: 'Siège coque dos à la route, homologué R129, pour les enfants jusqu’à 13 kg.',
  },
  {
    id: 'child_seat',
    name: 'Siège enfant',
    icon: 'baby',
    pricePerDayCents: 1600,
    unit: 'par jour',
    description: 'Siège homologué R129 pour les enfants de 9 à 18 kg, installé avant la livraison.',
  },
  {
    id: 'booster_seat',
    name: 'Rehausseur',
    icon: 'baby',
    priceOneTimeCents: 1099,
    unit: 'par unité',
    description: 'Rehausseur avec dossier pour les enfants de 15 à 36 kg, facturé une fois.',
  },
  {
    id: 'snow_chains',
    name: 'Chaînes à neige',
    icon: 'snowflake',
    pricePerDayCents: 1500,
    unit: 'par jour',
    description:
      'Chaînes adaptées aux pneus du véhicule, obligatoires en zone montagne lorsque la signalisation l’impose.',
  },
];

export function findExtra(id: ExtraId): Extra {
  const extra = EXTRAS.find((candidate) => candidate.id === id);
  if (!extra) throw new Error(`Unknown extra ${id}`);
  return extra;
}

/** Price of one extra for a rental of `days` days. */
export function extraCostCents(extra: Extra, days: number): number {
  return 'pricePerDayCents' in extra ? extra.pricePerDayCents * days : extra.priceOneTimeCents;
}
