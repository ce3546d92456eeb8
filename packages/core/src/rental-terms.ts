import type { SiteInfo } from '@vroum/core/site';

import type { ContentSection } from './content-section';
import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from './cash-deposit';
import { AGENCY_CODE } from './customer-codes';
import { formatPrice } from './money-format';
import { CONTEST_DAYS, REFUEL_CENTS_PER_PERCENT } from './return-charges';

/** General rental terms (Conditions générales de location) rendered on /conditions. */
export function rentalTermsSections(site: SiteInfo): ContentSection[] {
  return [
    {
      id: 'objet',
      title: 'Objet et champ d’application',
      paragraphs: [
        `Les présentes conditions générales de location (les «\u00a0Conditions\u00a0») régissent la location de véhicules, avec ou sans chauffeur, proposée par ${site.legalName} sous la marque ${site.brandName} (le «\u00a0Loueur\u00a0») à toute personne (le «\u00a0Client\u00a0») qui réserve un véhicule sur notre site.`,
        'Toute réservation implique l’acceptation des présentes Conditions, que le Client reconnaît avoir lues avant le paiement. Le contrat de location, prérempli à partir de la réservation et signé électroniquement, précise le véhicule, les dates, les adresses de livraison et de restitution, la protection et les options choisies. En cas de contradiction, le contrat de location prévaut sur les présentes Conditions.',
        'Tous les prix sont indiqués en euros, toutes taxes comprises (TTC).',
      ],
    },
    {
      id: 'conducteur',
      title: 'Conducteur\u00a0: âge et permis',
      paragraphs: [
        'Seuls le conducteur principal et les conducteurs additionnels déclarés lors de la réservation, puis vérifiés, sont autorisés à conduire le véhicule. Le prêt du véhicule à un tiers non déclaré est interdit et peut priver le Client du bénéfice des protections souscrites.',
        'Pour une location avec chauffeur, le véhicule est conduit exclusivement par le chauffeur mis à disposition par le Loueur\u00a0: les conditions ci-dessous ne s’appliquent alors pas aux passagers.',
        'À la date de début de la location, chaque conducteur doit remplir les conditions suivantes\u00a0:',
      ],
      bullets: [
        'Être âgé d’au moins 25\u00a0ans (30\u00a0ans pour les véhicules de la catégorie Super Cars).',
        'Être titulaire d’un permis de conduire valide depuis au moins 2\u00a0ans (5\u00a0ans pour les Super Cars).',
        'Ne faire l’objet d’aucune suspension, annulation ou restriction de son droit de conduire.',
      ],
    },
    {
      id: 'documents',
      title: 'Documents à présenter',
      paragraphs: [
        'Les conducteurs additionnels présentent également leur permis de conduire et une pièce d’identité. Les permis délivrés hors de l’Union européenne doivent, le cas échéant, être accompagnés d’un permis international ou d’une traduction officielle.',
        'À défaut de présentation de ces documents, ou si les informations ne correspondent pas à celles vérifiées lors de la réservation, le véhicule ne peut pas être remis\u00a0: la situation est alors traitée comme une non-présentation (voir l’article «\u00a0Annulation et modification\u00a0»).',
        'Lors de la livraison, le conducteur principal présente les originaux suivants, à son nom et en cours de validité\u00a0:',
      ],
      bullets: [
        'Permis de conduire valide, détenu depuis au moins 2\u00a0ans (5\u00a0ans pour les Super Cars).',
        'Carte nationale d’identité ou passeport.',
        'Carte de crédit au nom du conducteur principal.',
      ],
    },
    {
      id: 'reservation-paiement',
      title: 'Réservation et paiement',
      paragraphs: [
        'La réservation s’effectue en ligne\u00a0: choix du véhicule, des dates et des adresses de livraison et de restitution, de la protection puis des options. Le récapitulatif affiché avant le paiement détaille le prix de la location, de la protection, des options, du kilométrage illimité s’il est choisi et des frais de livraison.',
        `Le paiement s’effectue en euros, en ligne, par carte bancaire ou portefeuille de paiement mobile compatible, via notre prestataire de paiement sécurisé. ${site.brandName} ne conserve jamais vos numéros de carte. Le montant de la location est débité à la confirmation de la réservation\u00a0; la caution fait l’objet d’une empreinte bancaire distincte (voir l’article «\u00a0Caution\u00a0»).`,
        'La durée de location est calculée par période de 24 heures à compter de l’heure de début\u00a0; toute période entamée est due et une location dure au minimum un jour.',
        'La réservation est confirmée par e-mail et peut être consultée à tout moment grâce à son numéro. Elle devient définitive une fois la vérification d’identité effectuée et le contrat signé électroniquement.',
      ],
    },
    {
      id: 'caution',
      title: 'Caution (dépôt de garantie)',
      paragraphs: [
        'Une caution est demandée pour chaque location. Son montant dépend du véhicule, de 800\u00a0€ à 12\u00a0000\u00a0€, et figure sur la fiche du véhicule ainsi que dans le récapitulatif de réservation.',
        'La caution prend la forme d’une empreinte bancaire (pré-autorisation) sur la carte de crédit du conducteur principal\u00a0: le montant est bloqué mais n’est pas débité. Une pré-autorisation restant valable environ 7\u00a0jours, elle est réalisée peu avant la livraison et renouvelée pendant les locations de longue durée. Le plafond de la carte doit permettre ce blocage.',
        'L’empreinte est libérée après la restitution du véhicule sans dommage\u00a0; le délai d’affichage sur votre relevé dépend de votre banque. En cas de dommage, de carburant manquant, de kilomètres supplémentaires ou de frais restant dus au titre de la location, le Loueur peut prélever sur la caution les sommes justifiées, dans la limite de la franchise applicable pour les dommages.',
        `Pour les véhicules de la catégorie Super Cars, la caution peut, à la demande du Client, être versée en espèces lors de la livraison, dans la limite de ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)}. Elle est alors restituée dans les mêmes conditions.`,
      ],
    },
    {
      id: 'livraison-restitution',
      title: 'Livraison et restitution',
      paragraphs: [
        'Le véhicule est livré à l’adresse indiquée lors de la réservation, partout en France métropolitaine continentale. La livraison est gratuite en Île-de-France (départements 75, 77, 78, 91, 92, 93, 94 et 95). Ailleurs, elle est facturée 20\u00a0€ par tranche de 30\u00a0km entamée, distance calculée à vol d’oiseau depuis le centre de Paris\u00a0; son montant est affiché avant le paiement.',
        'Le conducteur principal doit être présent à l’adresse et à l’heure convenues. La remise des clés s’accompagne d’un état des lieux complet (carrosserie, jantes, vitrages, habitacle, niveau de carburant ou de charge, kilométrage), photographié et signé par les deux parties. Le Client y signale toute anomalie constatée.',
        'Le véhicule est restitué à la date et à l’heure prévues, à l’adresse convenue ou à notre agence, avec ses clés, ses documents et ses accessoires, dans un état de propreté normal. Un état des lieux de restitution est réalisé dans les mêmes conditions qu’à la livraison.',
        'La reprise du véhicule à l’adresse de livraison est comprise dans les frais de livraison. Une reprise à une autre adresse, choisie lors de la réservation, est facturée selon la même règle appliquée à cette adresse (gratuite en Île-de-France, 20\u00a0€ par tranche de 30\u00a0km entamée ailleurs) et figure sur une ligne distincte du prix.',
        `Jusqu’à la date de restitution, le Client peut choisir depuis sa réservation de rendre le véhicule à notre agence (${site.agencyAddress}). La restitution à l’agence lui vaut un code de ${AGENCY_CODE.discountBasisPoints / 100}\u00a0% sur sa prochaine location, à usage unique, valable ${AGENCY_CODE.validDays}\u00a0jours et réservé à son compte\u00a0; les frais de reprise payés pour une autre adresse lui sont alors remboursés.`,
      ],
    },
    {
      id: 'kilometrage-carburant',
      title: 'Kilométrage et carburant',
      paragraphs: [
        'Chaque location inclut 1\u00a0000\u00a0km. Chaque kilomètre supplémentaire est facturé 0,47\u00a0€, sur la base des relevés du compteur effectués lors des états des lieux. L’option kilométrage illimité, proposée à 50\u00a0€ par jour, supprime cette limite.',
        'Les véhicules de la catégorie Super Cars sont limités à 200\u00a0km par jour (150\u00a0km par jour pour la Lamborghini Urus)\u00a0; l’option kilométrage illimité ne leur est pas applicable et chaque kilomètre au-delà de cette limite est facturé 0,47\u00a0€.',
        `Le niveau de carburant, ou de charge pour les véhicules électriques et hybrides rechargeables, est relevé à la livraison. Le véhicule doit être restitué avec un niveau au moins équivalent\u00a0; à défaut, chaque point de pourcentage manquant est facturé ${(REFUEL_CENTS_PER_PERCENT / 100).toFixed(2).replace('.', ',')}\u00a0€ (carburant ou énergie et déplacement pour le plein).`,
        `Les sommes dues à la restitution (kilomètres supplémentaires, carburant, dommages) sont détaillées dans le rapport de restitution adressé au Client, prélevées sur la caution puis, au-delà, sur la carte enregistrée lors du paiement. Si cette carte refuse le prélèvement, le Client règle le solde en ligne depuis sa réservation, par carte avec authentification 3-D Secure, ou par virement auprès du Loueur.`,
        `Le Client peut contester ces sommes depuis sa réservation dans les ${CONTEST_DAYS}\u00a0jours suivant la restitution (ou la décision sur les dommages), en indiquant son motif et, s’il le souhaite, des photos. Tant que la contestation est examinée, aucune somme supplémentaire ne lui est demandée à ce titre. Le Loueur compare les états des lieux de livraison et de restitution et répond par écrit\u00a0: il maintient, réduit ou annule les sommes contestées\u00a0; ce qui a été prélevé en trop est remboursé sur la carte du Client.`,
        'Le Client utilise exclusivement le carburant adapté au véhicule. Les dommages résultant d’une erreur de carburant ne sont pas couverts par les protections.',
      ],
    },
    {
      id: 'assurances-protections',
      title: 'Assurances et protections',
      paragraphs: [
        'Tous nos véhicules sont couverts par l’assurance responsabilité civile obligatoire, qui garantit les dommages causés aux tiers.',
        'Pour les dommages subis par le véhicule loué, son vol ou son incendie, la franchise est le montant qui reste à la charge du Client. Les protections ne s’appliquent pas en cas de faute grave ou de manquement aux présentes Conditions\u00a0: conduite sous l’emprise d’alcool ou de stupéfiants, conduite par une personne non autorisée, usage sur circuit ou en compétition, transport rémunéré de personnes, négligence dans la garde du véhicule ou de ses clés.',
        'Lors de la réservation, le Client choisit l’une des protections suivantes, facturées par jour de location\u00a0:',
      ],
      bullets: [
        'Complète\u00a0: 28,87\u00a0€ par jour, sans franchise.',
        'Intermédiaire\u00a0: 23,53\u00a0€ par jour, sans franchise.',
        'Basique\u00a0: 4,23\u00a0€ par jour, franchise jusqu’à 2\u00a0000\u00a0€.',
        'Aucune\u00a0: 0\u00a0€, franchise jusqu’à la valeur du véhicule.',
      ],
    },
    {
      id: 'options',
      title: 'Options et équipements',
      paragraphs: [
        'Chaque conducteur additionnel doit remplir les mêmes conditions d’âge et de permis que le conducteur principal et se soumettre à la vérification d’identité. Les sièges pour enfants fournis sont conformes aux normes en vigueur.',
        'Les options suivantes peuvent être ajoutées lors de la réservation, sous réserve de disponibilité\u00a0:',
      ],
      bullets: [
        'Conducteur additionnel\u00a0: 13\u00a0€ par jour et par conducteur.',
        'Protection pneus et vitres\u00a0: 8,99\u00a0€ par jour.',
        'Protection intérieure\u00a0: 4,99\u00a0€ par jour.',
        'Siège bébé\u00a0: 16\u00a0€ par jour.',
        'Siège enfant\u00a0: 16\u00a0€ par jour.',
        'Rehausseur\u00a0: 10,99\u00a0€ par unité, pour toute la durée de la location.',
        'Chaînes à neige\u00a0: 15\u00a0€ par jour.',
        'Kilométrage illimité\u00a0: 50\u00a0€ par jour (hors Super Cars).',
      ],
    },
    {
      id: 'chauffeur',
      title: 'Location avec chauffeur',
      paragraphs: [
        'Vous pouvez réserver votre véhicule avec un chauffeur professionnel. La prestation est facturée 40\u00a0€ de l’heure, toute heure entamée étant due. Pour les mises à disposition de plusieurs jours, les trajets longue distance ou les événements, un devis personnalisé vous est proposé.',
        'Le chauffeur est seul responsable de la conduite du véhicule. Le Client veille au respect du véhicule par ses passagers\u00a0; les dégradations de l’habitacle causées par ceux-ci restent à sa charge.',
      ],
    },
    {
      id: 'annulation-modification',
      title: 'Annulation et modification',
      paragraphs: [
        'Conformément à l’article L221-28 du Code de la consommation, le droit de rétractation ne s’applique pas aux prestations de location de véhicules fournies à une date déterminée. Nous vous proposons à la place les conditions d’annulation ci-dessous.',
        'Les dates, les adresses ou le véhicule peuvent être modifiés sans frais jusqu’à 48\u00a0h avant le début de la location, sous réserve de disponibilité\u00a0; la différence de prix éventuelle est facturée ou remboursée.',
        'En cas d’annulation, l’empreinte bancaire de la caution est toujours libérée. Les remboursements sont effectués sur la carte utilisée pour chaque paiement remboursé (la réservation, une prolongation), dans un délai maximal de 14\u00a0jours\u00a0; chacun fait l’objet d’un avoir.',
        `Pour annuler, ouvrez votre réservation sur notre site, connecté à votre compte\u00a0: le montant des frais et du remboursement y est indiqué avant que vous confirmiez. Vous pouvez aussi nous contacter au ${site.phone}, par messagerie ou par e-mail à ${site.email}, en indiquant votre numéro de réservation. Les frais d’annulation, calculés sur le montant total payé (la réservation et, le cas échéant, ses prolongations, hors caution), dépendent du délai restant avant le début de la location\u00a0:`,
      ],
      bullets: [
        'Plus de 48\u00a0h avant le début\u00a0: annulation gratuite et remboursement intégral.',
        'Entre 48\u00a0h et 24\u00a0h avant le début\u00a0: 50\u00a0% du montant de la location sont retenus.',
        'Moins de 24\u00a0h avant le début, ou non-présentation (absence au rendez-vous de livraison ou documents requis manquants)\u00a0: la totalité du montant de la location est retenue.',
      ],
    },
    {
      id: 'retard',
      title: 'Retard et prolongation',
      paragraphs: [
        'Le Client peut prolonger sa location depuis sa réservation, avant la date de restitution et tant que le véhicule n’est pas en cours de reprise\u00a0: il choisit la nouvelle date, le prix lui est indiqué avant le paiement (calculé comme une réservation des jours ajoutés, au tarif journalier en vigueur, avec la même protection, les mêmes options par jour et, s’il a été choisi, le kilométrage illimité, sans nouveaux frais de livraison), puis il le règle par carte avec authentification 3-D Secure. La prolongation est accordée sous réserve de disponibilité\u00a0: elle est refusée si le véhicule est déjà réservé ou immobilisé sur ces jours. Le Client peut aussi nous contacter pour la demander.',
        'Une fois payée, la prolongation est acquise\u00a0: elle fait l’objet d’une facture et d’un avenant au contrat, que le Client signe électroniquement comme le contrat (avant la livraison si elle a lieu avant celle-ci). Le kilométrage inclus suit la nouvelle durée, la reprise du véhicule est déplacée à la nouvelle date et l’empreinte de caution est renouvelée si nécessaire. Si la réservation est annulée avant le début de la location, la prolongation payée est remboursée selon les conditions d’annulation, sur la carte qui l’a payée, avec son propre avoir.',
        'Une tolérance de 30 minutes est accordée pour la restitution. Au-delà, et sauf accord préalable du Loueur, chaque période de 24 heures entamée est facturée au tarif journalier du véhicule, protection et options comprises. Un retard de plus de 24 heures sans nouvelles du Client peut conduire le Loueur à déclarer le véhicule détourné auprès des autorités.',
        'Si notre livraison intervient en retard, la fin de la location est décalée d’autant, sans frais supplémentaires.',
      ],
    },
    {
      id: 'sinistres-infractions',
      title: 'Sinistres, pannes et infractions',
      paragraphs: [
        `En cas d’accident, de panne, de vol ou de vandalisme, prévenez-nous immédiatement au ${site.phone}\u00a0: notre assistance est joignable 24h/24, 7j/7. En cas d’accident avec un tiers, remplissez un constat amiable et transmettez-le-nous sous 5\u00a0jours ouvrés\u00a0; en cas de vol ou de vandalisme, déposez plainte et envoyez-nous le récépissé sous 48 heures.`,
        'N’engagez aucune réparation sans notre accord. En cas de panne non imputable au Client, le dépannage est pris en charge et une solution de remplacement vous est proposée dans les meilleurs délais.',
        'Le Client est responsable des infractions au Code de la route commises pendant la location, ainsi que des péages, frais de stationnement et de fourrière. Conformément à l’article L121-6 du Code de la route, le Loueur désigne aux autorités le conducteur responsable pour tout avis de contravention relatif à la période de location.',
      ],
    },
    {
      id: 'verification-signature',
      title: 'Vérification d’identité et signature électronique',
      paragraphs: [
        'Après le paiement, le conducteur principal fait vérifier en ligne sa pièce d’identité et son permis de conduire par notre prestataire de vérification d’identité, puis signe électroniquement le contrat de location prérempli auprès de notre prestataire de signature électronique. Ces deux étapes sont obligatoires et doivent être accomplies avant la livraison.',
        'La signature électronique a la même valeur juridique qu’une signature manuscrite (articles 1366 et 1367 du Code civil). Un exemplaire du contrat signé vous est adressé par e-mail.',
        'Convention de preuve\u00a0: le Client accepte que la signature électronique simple du contrat soit établie par l’ensemble suivant, qui fait foi entre les parties\u00a0: la lecture du contrat, la case de consentement cochée, le code à usage unique envoyé à son adresse e-mail et saisi, la signature tracée ou saisie, l’horodatage, l’adresse IP et le navigateur utilisés, ainsi que l’empreinte SHA-256 du contrat avant et après signature, consignés dans une page de preuve jointe au contrat scellé. Toute modification ultérieure des termes de la réservation donne lieu à une nouvelle version du contrat, à signer de nouveau.',
        'Si ces étapes ne sont pas accomplies avant la livraison, ou si la vérification révèle que les conditions de location ne sont pas remplies, le véhicule ne peut pas être remis\u00a0: la réservation est annulée et les conditions d’annulation s’appliquent selon la date de cette annulation.',
      ],
    },
    {
      id: 'litiges',
      title: 'Réclamations, médiation et droit applicable',
      paragraphs: [
        'Les présentes Conditions sont soumises au droit français.',
        `Toute réclamation peut être adressée à notre service client par e-mail à ${site.email}. À défaut de solution amiable, le Client consommateur peut recourir gratuitement à un médiateur de la consommation, conformément aux articles L611-1 et suivants du Code de la consommation\u00a0; les coordonnées du médiateur compétent lui sont communiquées sur simple demande.`,
        'À défaut d’accord, le litige est porté devant la juridiction compétente selon les règles de droit commun. Pour les Clients professionnels, compétence exclusive est attribuée aux tribunaux de Paris.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      paragraphs: [
        `${site.legalName}, ${site.legalAddress}.`,
        `Service client et assistance, 24h/24 et 7j/7\u00a0: par téléphone au ${site.phone}, par messagerie instantanée ou par e-mail à ${site.email}.`,
      ],
    },
  ];
}
