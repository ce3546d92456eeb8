import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import { formatPrice } from '@vroum/core/money-format';
import type { SiteInfo } from '@vroum/core/site';
import type { IconName } from '../components/ui/icon';

export interface StepCard {
  title: string;
  description: string;
  icon: IconName;
}

/** The six steps of /comment-ca-marche. */
export const HOW_IT_WORKS_STEPS: StepCard[] = [
  {
    title: 'Choisissez votre véhicule',
    description:
      'Parcourez notre flotte, sélectionnez le véhicule qui vous ressemble et indiquez vos dates ainsi que l’adresse de livraison.',
    icon: 'search',
  },
  {
    title: 'Protection et options',
    description:
      'Choisissez votre protection, de la formule Complète sans franchise à la formule Basique, puis ajoutez vos options\u00a0: conducteur additionnel, siège enfant, kilométrage illimité…',
    icon: 'shield',
  },
  {
    title: 'Payez en ligne',
    description:
      'Réglez votre location par carte bancaire en toute sécurité. La caution fait l’objet d’une simple empreinte bancaire\u00a0: le montant est bloqué, jamais débité.',
    icon: 'credit-card',
  },
  {
    title: 'Vérification et signature',
    description:
      'Après le paiement, faites vérifier votre pièce d’identité et votre permis de conduire en ligne, puis signez électroniquement votre contrat de location prérempli.',
    icon: 'file-signature',
  },
  {
    title: 'Livraison chez vous',
    description:
      'Nous livrons le véhicule à l’adresse de votre choix. Un état des lieux complet est réalisé avec vous avant la remise des clés.',
    icon: 'truck',
  },
  {
    title: 'Restitution',
    description:
      'Rendez le véhicule à l’adresse convenue ou à notre agence\u00a0: un retour à l’agence vous fait bénéficier d’un code promo pour votre prochaine location.',
    icon: 'map-pin',
  },
];

/** The four 'important information' cards of /comment-ca-marche. */
export function importantInfoCards(site: SiteInfo): {
  id: 'caution-assurance' | 'zones' | 'assistance' | 'conditions';
  title: string;
  description: string;
  bullets: string[];
  icon: IconName;
}[] {
  return [
    {
      id: 'caution-assurance',
      title: 'Caution et assurance',
      description:
        'Chaque location est assurée et donne lieu à une caution, prise sous forme d’empreinte bancaire sur votre carte.',
      bullets: [
        'Caution de 800\u00a0€ à 12\u00a0000\u00a0€ selon le véhicule, bloquée mais jamais débitée',
        'Empreinte libérée après la restitution du véhicule sans dommage',
        `Caution en espèces possible pour les Super Cars, jusqu’à ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)}`,
        'Responsabilité civile incluse et quatre protections au choix, de 0\u00a0€ à 28,87\u00a0€ par jour',
      ],
      icon: 'shield',
    },
    {
      id: 'zones',
      title: 'Zones de livraison',
      description:
        'Nous livrons votre véhicule à l’adresse de votre choix, partout en France métropolitaine continentale.',
      bullets: [
        'Livraison gratuite en Île-de-France (75, 77, 78, 91, 92, 93, 94 et 95)',
        'Ailleurs\u00a0: 20\u00a0€ par tranche de 30\u00a0km entamée, à vol d’oiseau depuis le centre de Paris',
        'Frais de livraison calculés et affichés avant le paiement',
        'Retour à l’adresse convenue ou à l’agence, avec un code promo à la clé',
      ],
      icon: 'truck',
    },
    {
      id: 'assistance',
      title: 'Assistance 24h/24, 7j/7',
      description: 'Notre équipe vous répond jour et nuit, avant, pendant et après votre location.',
      bullets: [
        `Par téléphone au ${site.phone}`,
        'Par notre application de messagerie instantanée',
        'Dépannage et assistance en cas de panne ou d’accident',
        `Par e-mail à ${site.email}`,
      ],
      icon: 'headset',
    },
    {
      id: 'conditions',
      title: 'Conditions de location',
      description:
        'Ces conditions s’appliquent au conducteur principal comme à chaque conducteur additionnel.',
      bullets: [
        'Âge minimum\u00a0: 25\u00a0ans (30\u00a0ans pour les Super Cars)',
        'Permis de conduire détenu depuis au moins 2\u00a0ans (5\u00a0ans pour les Super Cars)',
        'À présenter à la livraison\u00a0: permis valide, carte d’identité ou passeport, carte de crédit au nom du conducteur principal',
        'Vérification d’identité et signature électronique du contrat obligatoires',
        '1\u00a0000\u00a0km inclus par location, puis 0,47\u00a0€ par kilomètre supplémentaire',
      ],
      icon: 'badge-check',
    },
  ];
}

/** The home page's short how-it-works. */
export const HOME_STEPS: StepCard[] = [
  {
    title: 'Réservez en ligne',
    description:
      'Choisissez votre véhicule, vos dates et votre adresse de livraison, puis payez en toute sécurité.',
    icon: 'calendar',
  },
  {
    title: 'Nous livrons',
    description:
      'Votre véhicule vous est remis à l’adresse de votre choix, après un état des lieux complet. Livraison offerte en Île-de-France.',
    icon: 'truck',
  },
  {
    title: 'Profitez',
    description:
      'Prenez la route l’esprit libre\u00a0: notre assistance vous accompagne 24h/24, 7j/7, jusqu’à la restitution.',
    icon: 'key',
  },
];

/** The home page's 'why us' arguments. */
export const WHY_US: StepCard[] = [
  {
    title: 'Véhicules premium',
    description:
      'Une flotte sélectionnée et soigneusement entretenue, de la citadine à la Super Car.',
    icon: 'gem',
  },
  {
    title: 'Assistance 24h/24, 7j/7',
    description:
      'Une équipe joignable à toute heure, par téléphone comme par messagerie, pendant toute votre location.',
    icon: 'headset',
  },
  {
    title: 'Livraison offerte en Île-de-France',
    description:
      'Nous livrons gratuitement votre véhicule à domicile, au bureau ou à la gare, partout en Île-de-France.',
    icon: 'truck',
  },
  {
    title: 'Avec ou sans chauffeur',
    description:
      'Prenez le volant ou confiez-le à un chauffeur professionnel, pour 40\u00a0€ de l’heure.',
    icon: 'user',
  },
];

export interface Testimonial {
  id: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  userName: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  verified: boolean;
  response?: string;
}

/** The three static testimonials of the home page. */
export const TESTIMONIALS: Testimonial[] = [
  {
    id: 'testimonial-claire-m',
    rating: 5,
    comment:
      'Mercedes Classe S livrée à l’heure devant chez moi, dans un état impeccable. L’état des lieux a été fait avec soin et la vérification d’identité en ligne n’a pris que quelques minutes. Je recommande sans hésiter.',
    userName: 'Claire M.',
    date: '2026-03-14',
    verified: true,
  },
  {
    id: 'testimonial-karim-b',
    rating: 5,
    comment:
      'Nous avons loué une Mercedes Classe V avec chauffeur pour le mariage de ma sœur. Chauffeur ponctuel, discret et très professionnel\u00a0: tous nos invités ont été ravis.',
    userName: 'Karim B.',
    date: '2026-06-21',
    verified: false,
  },
  {
    id: 'testimonial-thomas-l',
    rating: 4,
    comment:
      'Superbe week-end en Normandie au volant de la Porsche Panamera. Seul bémol\u00a0: la livraison a eu une vingtaine de minutes de retard, même si le livreur nous avait prévenus. Le retour à l’agence m’a valu un code promo, je reviendrai.',
    userName: 'Thomas L.',
    date: '2026-09-06',
    verified: true,
    response:
      'Merci Thomas pour votre retour et pour votre confiance. Nous sommes désolés pour ce retard de livraison et avons transmis votre remarque à notre équipe logistique. Au plaisir de vous accueillir pour une prochaine escapade\u00a0!',
  },
];
