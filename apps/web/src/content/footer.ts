import type { SiteInfo } from '@vroum/core/site';

import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import type { ContentSection } from '@vroum/core/content-section';
import { formatPrice } from '@vroum/core/money-format';

/** The four summaries behind the footer anchors #cgv, #assurance, #mentions and #caution. */
export function footerSections(site: SiteInfo): ContentSection[] {
  return [
    {
      id: 'cgv',
      title: 'Conditions générales',
      paragraphs: [
        'Location de véhicules premium, avec ou sans chauffeur, livrés à l’adresse de votre choix. Le conducteur doit avoir au moins 25\u00a0ans et son permis depuis 2\u00a0ans (30\u00a0ans et 5\u00a0ans de permis pour les Super Cars).',
        'Paiement en ligne par carte, en euros, puis vérification d’identité et signature électronique du contrat. 1\u00a0000\u00a0km inclus par location (0,47\u00a0€ par kilomètre supplémentaire), kilométrage illimité en option à 50\u00a0€ par jour.',
        'Annulation gratuite jusqu’à 48\u00a0h avant le début de la location\u00a0; 50\u00a0% du montant retenus entre 48\u00a0h et 24\u00a0h\u00a0; totalité retenue à moins de 24\u00a0h ou en cas de non-présentation.',
      ],
    },
    {
      id: 'assurance',
      title: 'Assurance',
      paragraphs: [
        'Chaque location comprend l’assurance responsabilité civile obligatoire. Pour les dommages au véhicule, vous choisissez votre protection lors de la réservation (prix par jour)\u00a0:',
      ],
      bullets: [
        'Complète\u00a0: 28,87\u00a0€, sans franchise.',
        'Intermédiaire\u00a0: 23,53\u00a0€, sans franchise.',
        'Basique\u00a0: 4,23\u00a0€, franchise jusqu’à 2\u00a0000\u00a0€.',
        'Aucune\u00a0: 0\u00a0€, franchise jusqu’à la valeur du véhicule.',
      ],
    },
    {
      id: 'mentions',
      title: 'Mentions légales',
      paragraphs: [
        `Éditeur du site\u00a0: ${site.legalName}, ${site.registration}. Siège social\u00a0: ${site.legalAddress}.`,
        `Directeur de la publication\u00a0: le représentant légal de ${site.legalName}.`,
        'Hébergement\u00a0: infrastructure européenne du prestataire d’hébergement de la société, dont les coordonnées sont communiquées sur simple demande.',
        `Contact\u00a0: ${site.phone} · ${site.email}.`,
        'Données géographiques\u00a0: Etalab, découpage administratif (Licence Ouverte) et GeoNames (CC BY 4.0).',
      ],
    },
    {
      id: 'caution',
      title: 'Caution',
      paragraphs: [
        'Une caution de 800\u00a0€ à 12\u00a0000\u00a0€ selon le véhicule est demandée pour chaque location. Elle prend la forme d’une empreinte bancaire (pré-autorisation) sur la carte du conducteur principal\u00a0: le montant est bloqué, jamais débité.',
        'Une pré-autorisation restant valable environ 7\u00a0jours, elle est placée peu avant la livraison et renouvelée pour les locations longues. Elle est libérée après la restitution du véhicule sans dommage.',
        `Pour les Super Cars, la caution peut être versée en espèces à la livraison, jusqu’à ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)}.`,
      ],
    },
  ];
}
