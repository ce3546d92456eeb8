/** Shown in the bell of every new account, from its first sign-in. */
export const WELCOME_NOTIFICATION = {
  title: 'Bienvenue !',
  message:
    'Complétez votre profil et déposez vos documents pour accélérer votre première location.',
  link: '/profil',
} as const;
