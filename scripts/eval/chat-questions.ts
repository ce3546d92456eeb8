import { AFTER_SALE_QUESTIONS } from './chat-questions-after-sale';
import type { EvalQuestion } from './eval-question';

export type { EvalKind, EvalQuestion } from './eval-question';

/** The first questions: prices, deposits, plans, options, delivery, bookings, policies. */
const FIRST_QUESTIONS: EvalQuestion[] = [
  // Conditions: age and licence
  {
    question: 'Quel âge faut-il avoir pour louer une voiture ?',
    facts: ['25 ans', '2 ans', '/conditions'],
  },
  { question: 'Je veux louer la Ferrari F8, quel âge minimum ?', facts: ['30 ans', '5 ans'] },
  { question: 'Combien d’années de permis faut-il pour une Super Car ?', facts: ['5 ans'] },
  { question: 'J’ai 23 ans, est-ce que je peux louer ?', facts: ['25 ans'] },
  {
    question: 'Quels documents dois-je présenter à la livraison ?',
    facts: ['permis', 'passeport|carte d’identité', 'carte de crédit'],
  },
  // Deposit
  {
    question: 'Quel est le montant de la caution pour la Porsche Panamera ?',
    facts: ['3 500 €', '/vehicule/porsche-panamera'],
  },
  { question: 'Caution de la Lamborghini Urus ?', facts: ['8 000 €'] },
  {
    question: 'La caution est-elle débitée de mon compte ?',
    facts: ['empreinte', 'jamais débité|non débité'],
  },
  { question: 'Peut-on payer la caution en espèces ?', facts: ['espèces', '10 000 €'] },
  { question: 'Quelle caution pour les Super Cars ?', facts: ['8 000 €', '10 000 €', '12 000 €'] },
  { question: 'Quelle est la caution de la Toyota Yaris ?', facts: ['800 €'] },
  // Prices and quotes
  {
    question: 'Combien coûte la Toyota Yaris par jour ?',
    facts: ['45 €', '/vehicule/toyota-yaris'],
  },
  { question: 'Quel est le prix de la Mercedes Classe S ?', facts: ['279 €'] },
  {
    question: 'Combien coûte la Porsche Panamera du 12 au 15 mars 2027 ?',
    facts: ['747 €', '3 jours', '3 500 €'],
  },
  {
    question: 'Un devis pour une Audi A4 du 10/06/2027 au 17/06/2027 svp',
    facts: ['644 €', '7 jours'],
  },
  {
    question: 'Prix de la Clio du 1er au 4 mai 2027 avec la protection complète ?',
    facts: ['233,61 €'],
  },
  {
    question: 'Combien coûte la Mercedes Classe V du 20 au 22 juillet 2027 avec un siège bébé ?',
    facts: ['350 €', '2 jours'],
  },
  {
    question: 'La Range Rover Sport est-elle disponible du 12 au 15 mars 2027 ?',
    facts: ['disponible', '597 €'],
  },
  { question: 'Quelle est la voiture la moins chère ?', facts: ['Toyota Yaris', '45 €'] },
  {
    question: 'Quels véhicules avez-vous en Super Cars ?',
    facts: ['Lamborghini Urus', 'McLaren 720S', 'Ferrari F8 Spider', '/flotte?category=supercars'],
  },
  { question: 'Avez-vous des voitures électriques ?', facts: ['Peugeot 208'] },
  // A number of days without dates: priced by the server's rule
  {
    question: 'Combien pour la Panamera pendant 3 jours ?',
    facts: ['747 €', '3 jours', '3 500 €', '/vehicule/porsche-panamera'],
  },
  { question: 'Quel est le prix de la Clio pour une semaine ?', facts: ['343 €', '7 jours'] },
  {
    question: 'Je voudrais l’Urus 2 jours avec la protection complète, ça coûte combien ?',
    facts: ['1 855,74 €', '2 jours'],
  },
  { question: 'Combien coûte la Ferrari F8 pour un week-end ?', facts: ['2 998 €', '2 jours'] },
  { question: 'Tarif de la Mercedes Classe V sur 10 jours ?', facts: ['1 590 €', '10 jours'] },
  {
    question: 'Louer la Toyota Yaris 4 jours avec un siège bébé, combien ?',
    facts: ['244 €', '4 jours', 'Siège bébé'],
  },
  { question: 'Combien coûte une location de 3 jours ?', facts: ['135 €', 'Toyota Yaris'] },
  // Protection plans
  { question: 'Combien coûte la protection complète ?', facts: ['28,87 €', 'franchise'] },
  {
    question: 'Quelles assurances proposez-vous ?',
    facts: ['28,87 €', '23,53 €', '4,23 €', '2 000 €'],
  },
  { question: 'Quelle est la franchise avec la protection basique ?', facts: ['2 000 €'] },
  // Extras
  { question: 'Combien coûte un siège bébé ?', facts: ['16 €'] },
  { question: 'Quel est le prix du rehausseur ?', facts: ['10,99 €'] },
  { question: 'Combien pour un conducteur additionnel ?', facts: ['13 €'] },
  {
    question: 'Quelles options proposez-vous ?',
    facts: ['Chaînes à neige', '15 €', 'Siège enfant'],
  },
  // Options named by their own words, not the protection plans
  {
    question: 'Combien coûte la protection pneus et vitrages ?',
    facts: ['8,99 €', 'pare-brise'],
    forbidden: ['23,53 €', '4,23 €'],
  },
  {
    question: 'Avez-vous une assurance pour les pneus et les vitres ?',
    facts: ['8,99 €'],
    forbidden: ['23,53 €', '4,23 €'],
  },
  { question: 'Le pare-brise est-il couvert en cas de bris de glace ?', facts: ['8,99 €'] },
  { question: 'Prix de l’option tyre and glass ?', facts: ['8,99 €'] },
  {
    question: 'Combien coûte la protection intérieure ?',
    facts: ['4,99 €', 'sellerie'],
    forbidden: ['28,87 €', '23,53 €', '4,23 €'],
  },
  { question: 'protection intérieure', facts: ['4,99 €'], forbidden: ['23,53 €'] },
  { question: 'J’ai peur de tacher la sellerie, avez-vous une option ?', facts: ['4,99 €'] },
  { question: 'Combien coûte la protection intérieure pour 5 jours ?', facts: ['24,95 €'] },
  // Kilometres and chauffeur
  {
    question: 'Combien de kilomètres sont inclus dans la location ?',
    facts: ['1 000 km', '0,47 €'],
  },
  { question: 'Le kilométrage illimité est-il possible avec la McLaren 720S ?', facts: ['200 km'] },
  { question: 'Combien coûte le kilométrage illimité ?', facts: ['50 €'] },
  { question: 'Peut-on louer avec chauffeur ? À quel prix ?', facts: ['40 €'] },
  // Delivery
  { question: 'Livrez-vous à Lyon ? Combien ça coûte ?', facts: ['Lyon', '280 €'] },
  { question: 'Quels sont les frais de livraison pour Versailles ?', facts: ['gratuite'] },
  { question: 'Combien coûte la livraison à Marseille ?', facts: ['Marseille', '460 €'] },
  { question: 'La livraison est-elle gratuite à Boulogne-Billancourt ?', facts: ['gratuite'] },
  { question: 'Combien coûte la livraison à Bordeaux ?', facts: ['Bordeaux', '340 €'] },
  { question: 'Livrez-vous partout en France ?', facts: ['Île-de-France', '20 €', '30 km'] },
  // Bookings
  {
    question: 'Quel est le statut de ma réservation {reference} ? Mon e-mail est {email}',
    facts: ['Confirmée', 'Porsche Panamera'],
  },
  {
    question: 'Statut de la réservation {reference}, e-mail autre.personne@example.fr',
    facts: ['aucune réservation'],
    forbidden: ['Porsche', 'Confirmée'],
    kind: 'refusal',
  },
  { question: 'Où en est ma réservation ?', facts: ['numéro', 'e-mail', '/gerer-reservation'] },
  {
    question: 'Je n’ai pas mon numéro de réservation, que faire ?',
    facts: ['confirmation', '01 84 60 25 25'],
  },
  // Policies
  { question: 'Comment annuler ma réservation ? Suis-je remboursé ?', facts: ['48 h', '50 %'] },
  { question: 'Comment ça marche ?', facts: ['/comment-ca-marche', 'livr'] },
  { question: 'Puis-je rendre la voiture à l’agence ?', facts: ['code promo'] },
  { question: 'Que faire en cas d’accident ?', facts: ['01 84 60 25 25', 'constat'] },
  // Assistance at any hour, asked in other words
  {
    question: 'Si je tombe en panne à 3h du matin, qui dois-je appeler ?',
    facts: ['24h/24', '01 84 60 25 25'],
  },
  { question: 'assistance la nuit', facts: ['24h/24', 'nuit', '01 84 60 25 25'] },
  { question: 'Votre assistance fonctionne-t-elle la nuit ?', facts: ['nuit', '01 84 60 25 25'] },
  {
    question: 'Y a-t-il quelqu’un pour m’aider à minuit si la voiture ne démarre plus ?',
    facts: ['24h/24', '01 84 60 25 25'],
  },
  {
    question: 'Peut-on vous joindre le dimanche ou un jour férié ?',
    facts: ['jours fériés', '01 84 60 25 25'],
  },
  {
    question: 'Je suis en panne en pleine nuit sur l’autoroute, que faire ?',
    facts: ['24h/24', 'dépannage', '01 84 60 25 25'],
  },
  { question: 'Quels moyens de paiement acceptez-vous ?', facts: ['carte'] },
  { question: 'Et si je rends la voiture en retard ?', facts: ['30 minutes'] },
  { question: 'Faut-il faire le plein avant de rendre la voiture ?', facts: ['niveau'] },
  { question: 'Quel est votre numéro de téléphone ?', facts: ['01 84 60 25 25'] },
  // Unknown
  {
    question: 'Acceptez-vous les chiens dans les voitures ?',
    facts: ['01 84 60 25 25', 'https://wa.me/33184602525'],
  },
];

/** Every question: the first ones, then the rental's second half, follow-ups, English, refusals. */
export const EVAL_QUESTIONS: EvalQuestion[] = [...FIRST_QUESTIONS, ...AFTER_SALE_QUESTIONS];
