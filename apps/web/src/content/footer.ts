import type { SiteInfo } from '@vroum/core/site';

import type { ContentSection } from '@vroum/core/content-section';

/** The four summaries behind the footer anchors #cgv, #assurance, #mentions and #caution. */
export function footerSections(site: SiteInfo): ContentSection[] {
  return [
    {
      id: 'cgv',
      title: 'Conditions générales',
      paragraphs: [
        'Location de véhicules premium, avec ou sans chauffeur, livrés à l’adresse de votre choix. Le conducteur doit avoir au moins 25 ans et son permis depuis 2 ans (30 ans et 5 ans de permis pour les Super Cars).',
        'Paiement en ligne par carte, en euros, puis vérification d’identité et signature électronique du contrat. 1 000 km inclus par location (0,47 € par kilomètre supplémentaire), kilométrage illimité en option à 50 € par jour.',
        'Annulation gratuite jusqu’à 48 h avant le début de la location ; 50 % du montant retenus entre 48 h et 24 h ; totalité retenue à moins de 24 h ou en cas de non-présentation.',
      ],
    },
    {
      id: 'assurance',
      title: 'Assurance',
      paragraphs: [
        'Chaque location comprend l’assurance responsabilité civile obligatoire. Pour les dommages au véhicule, vous choisissez votre protection lors de la réservation (prix par jour) :',
      ],
      bullets: [
        'Complète : 28,87 €, sans franchise.',
        'Intermédiaire : 23,53 €, sans franchise.',
        'Basique : 4,23 €, franchise jusqu’à 2 000 €.',
        'Aucune : 0 €, franchise jusqu’à la valeur du véhicule.',
      ],
    },
    {
      id: 'mentions',
      title: 'Mentions légales',
      paragraphs: [
        `Éditeur du site : ${site.legalName}, ${site.registration}. Siège social : ${site.legalAddress}.`,
        `Directeur de la publication : le représentant légal de ${site.legalName}.`,
        'Hébergement : infrastructure européenne du prestataire d’hébergement de la société, dont les coordonnées sont communiquées sur simple demande.',
        `Contact : ${site.phone} · ${site.email}.`,
        'Données géographiques : Etalab, découpage administratif (Licence Ouverte) et GeoNames (CC BY 4.0).',
      ],
    },
    {
      id: 'caution',
      title: 'Caution',
      paragraphs: [
        'Une caution de 800 € à 12 000 € selon le véhicule est demandée pour chaque location. Elle prend la forme d’une empreinte bancaire (pré-autorisation) sur la carte du conducteur principal : le montant est bloqué, jamais débité.',
        'Une pré-autorisation restant valable environ 7 jours, elle est placée peu avant la livraison et renouvelée pour les locations longues. Elle est libérée après la restitution du véhicule sans dommage.',
        'Pour les Super Cars, la caution peut être versée en espèces à la livraison, jusqu’à 10 000 €.',
      ],
    },
  ];
}
