import { findExtras } from './builtin-entities';
import { hasAny } from './french-text';
import { AFTER_SALE_TOPICS, ENGLISH_TOPIC_WORDS } from './builtin-topics-more';

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
  returns: ['restitu*', 'rendre', 'retour*', 'ramener'],
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
    'ne demarre*',
    'demarre plus',
    'en rade',
  ],
  // Help at any hour, asked in many ways: 'à 3h du matin', 'la nuit', 'un jour férié'.
  assistance: [
    'assistance',
    'la nuit',
    'de nuit',
    'cette nuit',
    'pleine nuit',
    'minuit',
    'du matin',
    'tard le soir',
    'tard la nuit',
    'jour ferie',
    'jours feries',
    'le dimanche',
    'toute heure',
    'n importe quelle heure',
    'quelle que soit l heure',
    '24h/24',
    '24 heures sur 24',
    '7j/7',
    '7 jours sur 7',
    'joignable*',
    'ouvert la nuit',
    'depanneuse',
    'remorqu*',
  ],
  fuel: ['carburant', 'plein', 'essence', 'recharge*', 'batterie', 'niveau'],
  verification: [
    'verification',
    'verifier',
    'signature',
    'signer',
    'contrat',
    'identite',
    'selfie',
  ],
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
} as const satisfies Record<string, readonly string[]>;

export type Topic = keyof typeof TOPICS | keyof typeof AFTER_SALE_TOPICS;

/** Every topic's words: the French ones above, the second half's, and the English ones. */
const ALL_WORDS = Object.entries({ ...TOPICS, ...AFTER_SALE_TOPICS }).map(
  ([topic, words]) => [topic, [...words, ...(ENGLISH_TOPIC_WORDS[topic] ?? [])]] as const,
) as [Topic, readonly string[]][];

/** The catalogue words that ask for the catalogue itself, whatever else the message names. */
const STRONG_CATALOGUE_WORDS = TOPICS.catalogue.filter(
  (phrase) =>
    !['avez vous des', 'avez vous une', 'proposez vous des', 'liste des'].includes(phrase),
);

export function detectTopics(text: string): Set<Topic> {
  const found = new Set<Topic>();
  for (const [topic, phrases] of ALL_WORDS) {
    if (hasAny(text, phrases)) found.add(topic);
  }
  // Nothing else is answered to a question about other customers.
  if (found.has('privacy')) return new Set(['privacy']);
  // 'conditions' alone is too broad when a more precise topic is named.
  const driverWords = ['age', 'permis', 'jeune conducteur', 'ans', 'licen*', 'old'];
  if (found.has('conditions') && !hasAny(text, driverWords)) {
    if (found.size > 1) found.delete('conditions');
  }
  if (found.has('noBookingNumber')) found.delete('bookingStatus');
  // An extra named by its own words ('pneus et vitrages', 'protection intérieure') is an option.
  if (findExtras(text).length > 0) found.add('extras');
  // 'Avez-vous une …' asks about the thing named, not for the catalogue.
  if (found.has('catalogue') && !hasAny(text, STRONG_CATALOGUE_WORDS)) {
    const others = [...found].filter(
      (topic) => !['catalogue', 'price', 'greeting'].includes(topic),
    );
    if (others.length > 0) found.delete('catalogue');
  }
  return found;
}
