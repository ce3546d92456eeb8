import { fr, type Messages } from './fr';

/** The interface strings of the current language. French is the only one offered. */
export const t: Messages = fr;
