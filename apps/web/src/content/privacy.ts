import type { SiteInfo } from '@vroum/core/site';

import type { ContentSection } from '@vroum/core/content-section';

/** Privacy policy (RGPD) rendered on /politique-confidentialite. */
export function privacySections(site: SiteInfo): ContentSection[] {
  return [...processingSections(site), ...protectionSections(site)];
}

/** Who processes which data, why, with whom, and for how long. */
function processingSections(site: SiteInfo): ContentSection[] {
  return [
    {
      id: 'responsable',
      title: 'Responsable du traitement',
      paragraphs: [
        `Le responsable du traitement des données personnelles collectées sur le site ${site.brandName} est ${site.legalName}, ${site.registration} (siège social\u00a0: ${site.legalAddress}).`,
        'La présente politique explique quelles données nous collectons, pour quelles raisons et sur quelle base légale, avec qui nous les partageons, combien de temps nous les conservons et comment exercer vos droits, conformément au règlement (UE) 2016/679 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 modifiée, dite «\u00a0Informatique et Libertés\u00a0».',
        `Pour toute question relative à vos données personnelles, écrivez-nous à ${site.email}.`,
      ],
    },
    {
      id: 'donnees-collectees',
      title: 'Données collectées',
      paragraphs: [
        'Nous collectons uniquement les données nécessaires à nos services. Les informations signalées comme obligatoires dans les formulaires sont indispensables à la réservation\u00a0: sans elles, nous ne pouvons pas vous louer de véhicule.',
        'Nous traitons les catégories de données suivantes\u00a0:',
      ],
      bullets: [
        'Données de compte\u00a0: adresse e-mail et mot de passe, ce dernier étant conservé uniquement sous forme hachée, jamais en clair.',
        'Données de profil\u00a0: nom, prénom, téléphone, date de naissance et adresse postale.',
        'Justificatifs\u00a0: pièce d’identité, permis de conduire et justificatif de domicile que vous téléversez pour la vérification de votre compte.',
        'Données de réservation\u00a0: véhicule, adresses et dates de livraison et de restitution, protection et options choisies, informations sur le conducteur (identité, date de naissance, coordonnées, numéro, date et pays de délivrance du permis) et demandes particulières.',
        'Données de paiement\u00a0: la saisie et le traitement de votre carte sont assurés directement par notre prestataire de paiement. Nous ne recevons et ne conservons jamais votre numéro de carte, seulement la référence, le montant et le statut des transactions.',
        'Vérification d’identité et signature\u00a0: résultat de la vérification effectuée par notre prestataire, contrat signé et preuves de signature électronique associées.',
        'Messages échangés avec notre assistant virtuel (assistant IA) dans la fenêtre de discussion du site.',
        'Données techniques\u00a0: journaux de connexion et d’utilisation (adresse IP, date et heure, fonctions sollicitées, type de navigateur) et cookie de session.',
      ],
    },
    {
      id: 'finalites',
      title: 'Finalités et bases légales',
      paragraphs: [
        'Chaque traitement repose sur l’une des bases légales prévues par l’article 6 du RGPD\u00a0:',
      ],
      bullets: [
        'Exécution du contrat et mesures précontractuelles\u00a0: création et gestion de votre compte, réservation, paiement de la location et empreinte bancaire de la caution, vérification de votre identité et de votre permis, signature électronique du contrat, livraison et restitution du véhicule, envoi des e-mails de service (code de vérification, confirmation, notifications) et réponse à vos demandes.',
        'Obligation légale\u00a0: facturation et conservation des pièces comptables, désignation du conducteur auprès des autorités en cas d’infraction routière, réponse aux réquisitions des autorités administratives ou judiciaires.',
        'Intérêt légitime\u00a0: prévention de la fraude et du vol de véhicules par le contrôle des justificatifs, sécurité du site et de nos systèmes grâce aux journaux techniques, gestion des sinistres et des litiges, assistance en ligne par l’assistant IA.',
        'Consentement\u00a0: envoi d’offres commerciales par e-mail, uniquement si vous l’avez accepté. Vous pouvez retirer votre consentement à tout moment, sans remettre en cause la licéité des traitements effectués auparavant.',
      ],
    },
    {
      id: 'destinataires',
      title: 'Destinataires et sous-traitants',
      paragraphs: [
        'Vos données sont accessibles aux seuls membres habilités de notre équipe (réservations, livraison, service client, comptabilité), dans la limite de leurs missions. Le livreur ou le chauffeur reçoit uniquement les informations utiles à sa prestation\u00a0: nom, téléphone, adresse et horaires.',
        'Lorsque c’est nécessaire, vos données peuvent aussi être communiquées à notre assureur et aux experts en cas de sinistre, à nos conseils juridiques, ainsi qu’aux autorités administratives ou judiciaires lorsque la loi l’impose. Si vous nous contactez via l’application de messagerie, vos échanges transitent également par son éditeur, qui les traite selon sa propre politique de confidentialité. Nous ne vendons ni ne louons jamais vos données.',
        'Nous faisons appel aux prestataires suivants, qui agissent en qualité de sous-traitants, sur nos seules instructions et dans le cadre d’un contrat conforme à l’article 28 du RGPD\u00a0:',
      ],
      bullets: [
        'Prestataire de paiement par carte\u00a0: encaissement de la location et empreinte bancaire de la caution. Pour ses propres obligations (lutte contre la fraude et le blanchiment, réglementation bancaire), il agit en tant que responsable de traitement distinct.',
        'Prestataire de vérification d’identité\u00a0: contrôle de l’authenticité de votre pièce d’identité et de votre permis de conduire.',
        'Prestataire de signature électronique\u00a0: signature du contrat de location et conservation des preuves de signature.',
        'Hébergeur\u00a0: hébergement du site, de la base de données et des justificatifs téléversés, au sein de l’Union européenne.',
        'Prestataire d’envoi d’e-mails\u00a0: envoi des e-mails de service (code de vérification, confirmation de réservation, notifications).',
        'Fournisseur de l’assistant IA\u00a0: traitement des messages saisis dans la fenêtre de discussion afin de générer les réponses de l’assistant. Nos conditions contractuelles lui interdisent de les réutiliser pour ses propres besoins, notamment pour entraîner ses modèles.',
      ],
    },
    {
      id: 'transferts',
      title: 'Transferts hors de l’Union européenne',
      paragraphs: [
        'Nous privilégions des prestataires qui traitent vos données au sein de l’Union européenne.',
        `Lorsqu’un prestataire traite ou consulte des données depuis un pays situé hors de l’Espace économique européen, le transfert est encadré par l’une des garanties prévues par le RGPD, dont vous pouvez obtenir une copie en écrivant à ${site.email}\u00a0:`,
      ],
      bullets: [
        'Une décision d’adéquation de la Commission européenne, notamment, pour les États-Unis, le cadre de protection des données UE–États-Unis (Data Privacy Framework) lorsque le prestataire y est certifié.',
        'À défaut, les clauses contractuelles types adoptées par la Commission européenne, complétées si nécessaire par des mesures supplémentaires (chiffrement, minimisation, pseudonymisation).',
      ],
    },
    {
      id: 'conservation',
      title: 'Durées de conservation',
      paragraphs: [
        'Nous conservons vos données pendant la durée strictement nécessaire aux finalités poursuivies, puis nous les supprimons ou les anonymisons\u00a0:',
      ],
      bullets: [
        'Compte et profil\u00a0: jusqu’à la suppression de votre compte, que vous pouvez demander à tout moment depuis votre profil («\u00a0Supprimer mon compte\u00a0»), et au plus tard 3\u00a0ans après votre dernière activité.',
        'Réservations, contrats, procès-verbaux de livraison et de restitution, factures et avoirs\u00a0: 10\u00a0ans à compter de la clôture de l’exercice concerné, pièces comptables et justificatives conservées dans leur forme d’origine (article L123-22 du Code de commerce), ce qui couvre aussi le délai de 5\u00a0ans pendant lequel un contrat peut être invoqué en justice. Si vous supprimez votre compte, ils sont conservés sans lien avec lui, tels qu’ils ont été émis (votre nom et votre adresse y restent imprimés), pour nos seules obligations comptables et légales.',
        'Justificatifs (pièce d’identité, permis de conduire, justificatif de domicile, photo de vérification)\u00a0: supprimés, copie de notre prestataire de vérification comprise, 30\u00a0jours après la fin de votre dernière location, sauf contestation ou dommage en cours d’examen, auquel cas ils sont conservés jusqu’à son règlement. Un justificatif envoyé sans être examiné, ou remplacé, est supprimé 30\u00a0jours après son envoi s’il ne sert à aucune location en cours. Tous sont supprimés immédiatement avec votre compte.',
        'Résultat de la vérification d’identité\u00a0: seuls le fait que votre identité a été vérifiée, la date de la vérification, le numéro et la date de délivrance de votre permis et la date d’expiration du document sont conservés avec votre compte, pour vos prochaines locations, jusqu’à sa suppression.',
        'États des lieux\u00a0: les photos du véhicule prises à la livraison et à la restitution sont supprimées 1\u00a0an après la fin de la location (réclamations, assurances), sauf contestation ou dommage en cours d’examen\u00a0; les procès-verbaux signés, qui reproduisent ces photos, sont conservés avec le contrat.',
        'Contestations des frais de restitution\u00a0: votre motif, vos photos et notre décision sont conservés avec la réservation, car ils fondent un montant facturé, abandonné ou remboursé.',
        'E-mails de service que nous vous avons envoyés\u00a0: jusqu’à la suppression de votre compte.',
        'Données de paiement\u00a0: seules la référence et le statut des transactions sont conservés avec la réservation\u00a0; les données de carte sont conservées par le prestataire de paiement selon ses propres obligations légales.',
        'Journaux techniques\u00a0: 12\u00a0mois.',
        'Conversations avec l’assistant IA\u00a0: 6\u00a0mois.',
        'Consentement aux offres commerciales\u00a0: jusqu’à son retrait, et au plus tard 3\u00a0ans après notre dernier contact avec vous.',
        'Cookie de session\u00a0: durée de votre session de connexion. Brouillon de réservation\u00a0: effacé à la fermeture de l’onglet.',
      ],
    },
  ];
}

/** How the data is kept safe, and the customer's rights over it. */
function protectionSections(site: SiteInfo): ContentSection[] {
  return [
    {
      id: 'securite',
      title: 'Sécurité',
      paragraphs: [
        'Nous mettons en œuvre des mesures techniques et organisationnelles adaptées aux risques\u00a0: chiffrement des échanges (HTTPS), mots de passe stockés uniquement sous forme hachée, accès aux justificatifs réservé aux personnes habilitées, cloisonnement des données de chaque utilisateur, journalisation des accès, un e-mail à chaque connexion depuis un nouvel appareil et à chaque changement de mot de passe, d’adresse e-mail ou de second facteur (nous gardons pour cela la liste des appareils, par type de navigateur et de système, jusqu’à la suppression du compte), et sauvegardes régulières.',
        'Les paiements sont traités par un prestataire certifié PCI DSS\u00a0: vos coordonnées bancaires ne transitent jamais par nos serveurs.',
        'En cas de violation de données présentant un risque pour vos droits, nous la notifions à la CNIL dans les 72 heures et vous en informons lorsque la loi l’exige.',
        'Pour votre sécurité, ne communiquez ni mot de passe, ni numéro de carte, ni donnée de santé dans la fenêtre de discussion.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies et stockage dans le navigateur',
      paragraphs: [
        'Le site utilise un seul cookie\u00a0: un cookie de session strictement nécessaire, qui vous maintient connecté et sécurise l’accès à votre compte. Conformément à l’article 82 de la loi Informatique et Libertés, il est exempté de consentement.',
        'Le brouillon de votre réservation (véhicule, adresses, dates, protection et options choisies) est enregistré dans le stockage de session de votre navigateur afin de conserver vos choix d’une étape à l’autre. Il est effacé à la fermeture de l’onglet et n’est transmis à aucun tiers.',
        'Nous n’utilisons aucun cookie publicitaire, aucun traceur de mesure d’audience tiers ni aucun outil de profilage\u00a0: c’est pourquoi aucun bandeau de consentement ne vous est présenté.',
      ],
    },
    {
      id: 'droits',
      title: 'Vos droits',
      paragraphs: ['Vous disposez des droits suivants sur vos données personnelles\u00a0:'],
      bullets: [
        'Droit d’accès\u00a0: obtenir la confirmation que nous traitons vos données et en recevoir une copie. Depuis votre profil, «\u00a0Télécharger mes données\u00a0» vous remet aussitôt un fichier ZIP de toutes les données liées à votre compte (profil, réservations, liste des documents, contrats, factures et avoirs, messages, notifications, adresses, favoris, avis), au format JSON, avec les PDF de vos contrats, factures et procès-verbaux.',
        'Droit de rectification\u00a0: faire corriger des données inexactes ou incomplètes\u00a0; la plupart peuvent être modifiées directement depuis votre profil.',
        'Droit à l’effacement\u00a0: supprimer votre compte depuis votre profil («\u00a0Supprimer mon compte\u00a0», avec votre mot de passe), dès qu’aucune location n’est à venir ou en cours et qu’aucun solde ni aucune contestation n’est en attente. Vos justificatifs, votre profil, vos favoris, vos avis, vos notifications et nos e-mails sont alors effacés, vos sessions fermées et votre adresse e-mail libérée\u00a0; seules les pièces que la loi nous oblige à conserver (factures, avoirs, contrats, procès-verbaux) le sont, sans lien avec un compte. Un e-mail vous confirme la suppression.',
        'Droit à la limitation\u00a0: demander le gel temporaire de l’utilisation de vos données, notamment pendant l’examen d’une contestation.',
        'Droit à la portabilité\u00a0: recevoir les données que vous nous avez fournies dans un format structuré et couramment utilisé (le fichier ZIP de votre profil), ou les faire transmettre à un autre prestataire.',
        'Droit d’opposition\u00a0: vous opposer aux traitements fondés sur notre intérêt légitime pour des raisons tenant à votre situation particulière, et à tout moment, sans motif, à la prospection commerciale.',
        'Retrait du consentement\u00a0: à tout moment, pour les traitements qui reposent sur celui-ci.',
        'Directives post-mortem\u00a0: définir des directives relatives à la conservation, à l’effacement et à la communication de vos données après votre décès (article 85 de la loi Informatique et Libertés).',
        'Intervention humaine\u00a0: en cas de résultat négatif de la vérification automatisée de vos justificatifs, demander un réexamen par un membre de notre équipe et présenter vos observations.',
      ],
    },
    {
      id: 'exercer-vos-droits',
      title: 'Exercer vos droits',
      paragraphs: [
        `Votre copie et la suppression de votre compte s’obtiennent directement depuis votre profil. Pour exercer vos autres droits, ou si vous ne pouvez plus vous connecter, écrivez-nous à ${site.email} ou par courrier à ${site.legalName}, ${site.legalAddress}, en précisant votre demande. En cas de doute raisonnable sur votre identité, nous pourrons vous demander un justificatif.`,
        'Nous vous répondons dans un délai d’un mois à compter de la réception de votre demande. Ce délai peut être prolongé de deux mois compte tenu de la complexité ou du nombre de demandes\u00a0; nous vous en informons alors dans le premier mois.',
      ],
    },
    {
      id: 'reclamation',
      title: 'Réclamation auprès de la CNIL',
      paragraphs: [
        'Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3\u00a0place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur www.cnil.fr.',
      ],
    },
    {
      id: 'mise-a-jour',
      title: 'Mise à jour de cette politique',
      paragraphs: [
        'Nous pouvons modifier la présente politique pour tenir compte de l’évolution de nos services ou de la réglementation. En cas de changement important, nous vous en informons par e-mail ou par un message sur le site.',
        'Dernière mise à jour\u00a0: 27 novembre 2026.',
      ],
    },
  ];
}
