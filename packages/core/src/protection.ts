/** Protection plans, priced per day, in cents. */
export const PROTECTION_IDS = ['complete', 'intermediate', 'basic', 'none'] as const;
export type ProtectionId = (typeof PROTECTION_IDS)[number];

export interface ProtectionPlan {
  id: ProtectionId;
  name: string;
  stars: 0 | 1 | 2 | 3;
  pricePerDayCents: number;
  originalPricePerDayCents?: number;
  discountLabel?: string;
  /** Excess (franchise) the customer pays in case of damage. */
  excess: string;
  features: readonly string[];
}

export const PROTECTION_PLANS: readonly ProtectionPlan[] = [
  {
    id: 'complete',
    name: 'Protection Complète',
    stars: 3,
    pricePerDayCents: 2887,
    originalPricePerDayCents: 5155,
    discountLabel: '-44%',
    excess: 'Aucune franchise',
    features: [
      'Dommages, vol et incendie couverts sans franchise',
      'Bris de glace, pneus et jantes inclus',
      'Assistance dépannage 24h/24 premium',
      'Véhicule de remplacement en cas de panne',
    ],
  },
  {
    id: 'intermediate',
    name: 'Protection Intermédiaire',
    stars: 2,
    pricePerDayCents: 2353,
    originalPricePerDayCents: 3857,
    discountLabel: '-39%',
    excess: 'Aucune franchise',
    features: [
      'Dommages, vol et incendie couverts sans franchise',
      'Assistance dépannage 24h/24',
      'Bris de glace et pneus non couverts',
    ],
  },
  {
    id: 'basic',
    name: 'Protection Basique',
    stars: 1,
    pricePerDayCents: 423,
    excess: 'Franchise jusqu’à 2\u00a0000\u00a0€',
    features: ['Dommages, vol et incendie couverts au-delà de la franchise', 'Assistance 24h/24'],
  },
  {
    id: 'none',
    name: 'Aucune protection',
    stars: 0,
    pricePerDayCents: 0,
    excess: 'Franchise jusqu’à la valeur du véhicule',
    features: ['Responsabilité civile obligatoire uniquement'],
  },
];

export function findProtectionPlan(id: ProtectionId): ProtectionPlan {
  const plan = PROTECTION_PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown protection plan ${id}`);
  return plan;
}
