/**
 * French interface strings of the shell, verbatim from the product's specification. Pages
 * whose text is long content keep it in features/content. Components read them through
 * `messages.ts`, so that a second language can be added beside this one without touching them.
 */
export const fr = {
  skipToContent: 'Aller au contenu',
  nav: {
    label: 'Navigation principale',
    home: 'Accueil',
    fleet: 'Notre flotte',
    howItWorks: 'Comment ça marche',
    book: 'Réserver',
    messaging: 'Assistance WhatsApp 24/7',
    messagingShort: 'WhatsApp 24/7',
    manageBooking: 'Gérer ma réservation',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    menuTitle: 'Menu',
  },
  account: {
    signedOutTrigger: 'Connexion | Inscription',
    signIn: 'Connexion',
    signUp: 'Créer un compte',
    benefits: 'Avantages du compte',
    signedInTrigger: 'Mon compte',
    profile: 'Mon profil',
    signOut: 'Déconnexion',
  },
  locale: {
    trigger: 'FR | €',
    triggerLabel: 'Langue et devise',
    language: 'Langue',
    currency: 'Devise',
    french: 'Français',
    english: 'English',
    eur: '€ EUR',
    usd: '$ USD',
    gbp: '£ GBP',
    current: '(actuelle)',
  },
  footer: {
    tagline:
      'Véhicules premium et de luxe livrés à votre adresse, partout en France, avec ou sans chauffeur.',
    support: 'Assistance 24h/24, 7j/7',
    explore: 'Découvrir',
    information: 'Informations',
    rentalTerms: 'Conditions générales de location',
    privacy: 'Politique de confidentialité',
    rights: 'Tous droits réservés.',
    backToTop: 'Haut de page',
  },
  favorites: {
    add: 'Ajouter aux favoris',
    remove: 'Retirer des favoris',
    signInRequiredTitle: 'Connexion requise',
    signInRequired: 'Vous devez être connecté pour ajouter des favoris',
    errorTitle: 'Erreur',
    errorFallback: 'Une erreur est survenue',
  },
  notifications: {
    title: 'Notifications',
    unreadOne: 'non lue',
    unreadMany: 'non lues',
    unread: 'Non lue',
    empty: 'Aucune notification pour le moment.',
    markAllRead: 'Tout marquer comme lu',
  },
  notFound: {
    title: 'Oops! Page not found',
    code: '404',
    backHome: 'Return to Home',
  },
} as const;

type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };
export type Messages = Widen<typeof fr>;
