import type { Messages } from './fr';

/** English interface strings (not yet offered: the language menu is inert, SPEC §1). */
export const en: Messages = {
  skipToContent: 'Skip to content',
  nav: {
    label: 'Main navigation',
    home: 'Home',
    fleet: 'Our fleet',
    howItWorks: 'How it works',
    book: 'Book',
    messaging: 'WhatsApp support 24/7',
    messagingShort: 'WhatsApp 24/7',
    manageBooking: 'Manage my booking',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    menuTitle: 'Menu',
  },
  account: {
    signedOutTrigger: 'Sign in | Sign up',
    signIn: 'Sign in',
    signUp: 'Create an account',
    benefits: 'Account benefits',
    signedInTrigger: 'My account',
    profile: 'My profile',
    signOut: 'Sign out',
  },
  locale: {
    trigger: 'EN | €',
    triggerLabel: 'Language and currency',
    language: 'Language',
    currency: 'Currency',
    french: 'Français',
    english: 'English',
    eur: '€ EUR',
    usd: '$ USD',
    gbp: '£ GBP',
    current: '(current)',
  },
  footer: {
    tagline:
      'Premium and luxury cars delivered to your door anywhere in France, with or without a chauffeur.',
    support: 'Support 24/7',
    explore: 'Explore',
    information: 'Information',
    rentalTerms: 'General rental terms',
    privacy: 'Privacy policy',
    rights: 'All rights reserved.',
    backToTop: 'Back to top',
  },
  notFound: {
    title: 'Oops! Page not found',
    code: '404',
    backHome: 'Return to Home',
  },
};
