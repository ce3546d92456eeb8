import type { ExtraId } from '@vroum/core/extras';
import type { ProtectionId } from '@vroum/core/protection';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import { hasAny, normalise } from './french-text';

/**
 * Intent detection of the built-in assistant (decision 015): topics recognised by French words
 * and their synonyms on normalised text (no accents, lower case). A phrase ending in '*' matches
 * any word starting with it ('annul*' → annuler, annulation).
 */
export const TOPICS = {
  bookingStatus: [
    'ma reservation',
    'ma commande',
    'statut',
    'etat de ma',
    'suivi',
    'suivre',
    'numero de reservation',
    'reference',
    'confirmation',
    'ou en est',
    'retrouver',
    'gerer ma',
    'consulter ma',
    'n ai pas recu',
    'pas recu',
  ],
  deposit: [
    'caution*',
    'depot de garantie',
    'empreinte*',
    'pre autorisation',
    'garantie bancaire',
    'bloque*',
  ],
  conditions: [
    'age',
    'ans minimum',
    'quel age',
    'permis',
    'jeune conducteur',
    'jeunes conducteurs',
    'conditions de location',
    'conditions pour louer',
    'conditions',
    'annees de permis',
    'ans de permis',
    'j ai 2*',
    'j ai 1*',
    'j ai 3*',
  ],
  documents: [
    'document*',
    'papiers',
    'piece d identite',
    'pieces',
    'passeport',
    'carte d identite',
    'justificatif*',
    'permis etranger',
    'permis international',
    'quoi presenter',
    'apporter',
  ],
  protection: [
    'assurance*',
    'assure*',
    'protection complete',
    'protection intermediaire',
    'protection basique',
    'protections',
    'protection',
    'franchise*',
    'tous risques',
    'couvert*',
    'couverture',
    'sinistre',
    'dommage*',
  ],
  extras: [
    'option*',
    'siege*',
    'rehausseur*',
    'chaine*',
    'conducteur additionnel',
    'second conducteur',
    'deuxieme conducteur',
    'autre conducteur',
    'equipement*',
    'supplement*',
    'bebe',
    'enfant*',
  ],
  kilometres: ['kilometr*', 'km', 'illimite*', 'kilometre supplementaire'],
  chauffeur: ['chauffeur*', 'avec conducteur', 'driver'],
  delivery: [
    'livr*',
    'livraison*',
    'domicile',
    'frais de livraison',
    'zone*',
    'livrez',
    'deplacement',
  ],
  returns: ['restitu*', 'rendre', 'retour*', 'ramener', 'agence', 'code promo'],
  cancellation: [
    'annul*',
    'rembourse*',
    'modifier',
    'modification',
    'changer la date',
    'changer de date',
    'retractation',
  ],
  payment: [
    'payer',
    'paiement*',
    'carte bancaire',
    'carte de credit',
    'apple pay',
    'google pay',
    'cheque',
    'especes',
    'virement',
    'regler',
    'reglement',
    'debit*',
    'moyens de paiement',
    'payable',
  ],
  late: [
    'retard',
    'en retard',
    'prolong*',
    'rallonger',
    'garder la voiture plus',
    'plus longtemps',
  ],
  accident: [
    'accident*',
    'panne*',
    'vol',
    'vole*',
    'accroch*',
    'crev*',
    'constat',
    'rayure*',
    'choc',
    'vandalisme',
    'depann*',
  ],
  fuel: ['carburant', 'plein', 'essence', 'recharge*', 'batterie', 'niveau'],
  verification: ['verification', 'verifier', 'signature', 'signer', 'contrat', 'identite en ligne'],
  howItWorks: [
    'comment ca marche',
    'comment ca fonctionne',
    'fonctionnement',
    'etapes',
    'comment reserver',
    'comment louer',
    'deroulement',
    'comment se passe',
    'procedure',
    'processus',
  ],
  contact: [
    'telephone',
    'appeler',
    'contacter',
    'contact',
    'joindre',
    'whatsapp',
    'messagerie',
    'conseiller',
    'humain',
    'parler a quelqu',
    'service client',
    'numero de telephone',
    'votre mail',
    'votre e mail',
    'votre email',
    'votre adresse',
  ],
  catalogue: [
    'flotte',
    'catalogue',
    'gamme',
    'quelles voitures',
    'quels vehicules',
    'quels modeles',
    'vos voitures',
    'vos vehicules',
    'vos modeles',
    'avez vous des',
    'avez vous une',
    'proposez vous des',
    'liste des',
    'moins cher',
    'moins chere',
    'plus cher',
    'plus chere',
    'electrique*',
    'hybride*',
    'suv',
    'berline*',
    'citadine*',
    'places',
    '7 places',
    'monospace',
    'automatique',
    'manuelle',
  ],
  availability: ['disponible*', 'dispo', 'dispos', 'libre', 'disponibilite*', 'reserve'],
  price: [
    'prix',
    'tarif*',
    'combien',
    'cout*',
    'devis',
    'budget',
    'cher',
    'montant',
    'facture*',
    'total',
  ],
  greeting: ['bonjour', 'salut', 'bonsoir', 'hello', 'coucou'],
  thanks: ['merci', 'parfait', 'super merci', 'genial'],
  noBookingNumber: [
    'sans numero',
    'pas de numero',
    'perdu mon numero',
    'oublie mon numero',
    'pas mon numero',
    'n ai plus mon numero',
    'retrouve pas mon numero',
    'ai perdu le numero',
    'pas le numero',
    'ne trouve pas mon numero',
    'ne retrouve pas',
    'sans reference',
    'sans mon numero',
  ],
} as const satisfies Record<string, readonly string[]>;

export type Topic = keyof typeof TOPICS;

export function detectTopics(text: string): Set<Topic> {
  const found = new Set<Topic>();
  for (const [topic, phrases] of Object.entries(TOPICS) as [Topic, readonly string[]][]) {
    if (hasAny(text, phrases)) found.add(topic);
  }
  // 'conditions' alone is too broad when a more precise topic is named.
  if (found.has('conditions') && !hasAny(text, ['age', 'permis', 'jeune conducteur', 'ans'])) {
    if (found.size > 1) found.delete('conditions');
  }
  if (found.has('noBookingNumber')) found.delete('bookingStatus');
  return found;
}

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
  tyre_glass_protection: ['pneus et vitres', 'protection pneus', 'bris de glace', 'pare brise'],
  interior_protection: ['protection interieure', 'sellerie', 'interieur'],
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
