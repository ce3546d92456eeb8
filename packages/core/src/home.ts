/**
 * The car of the home page's hero: shown by the web app, and preloaded with the page's HTML by the
 * server (it is the largest thing the home page paints).
 */
export const HOME_HERO_IMAGE = '/images/vehicles/porsche-panamera.svg';
