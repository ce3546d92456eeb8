import { firstOfMonth } from '@vroum/core/french-typography';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import type { ChatTools } from './chat-tools';
import type { DateRange } from './french-text';
import type { Topic } from './builtin-intents';
import type { Lang } from './builtin-language';

/** One part of an answer and the pages it cites (Markdown links, see `pageLink`). */
export interface Section {
  text: string;
  pages: string[];
}

/** What one message of the visitor says, read on its normalised text. */
export interface Reading {
  /** The message as written (signs such as % and € are kept). */
  original: string;
  text: string;
  topics: Set<Topic>;
  vehicles: Vehicle[];
  category: VehicleCategory | null;
  dates: DateRange | null;
  /** A number of days stated without dates ('pendant 3 jours'). */
  duration: number | null;
  reference: string | null;
  email: string | null;
}

/** The current message, completed from the earlier ones ('et pour la Panamera ?'). */
export interface Context {
  tools: ChatTools;
  current: Reading;
  vehicles: Vehicle[];
  dates: DateRange | null;
  duration: number | null;
  reference: string | null;
  email: string | null;
  category: VehicleCategory | null;
  /** The language to answer in: the visitor's. */
  lang: Lang;
  /** Every message of the visitor, normalised and joined: the choices stated along the way. */
  conversationText: string;
  /** The topics of the visitor's previous message, for a follow-up ('et en espèces ?'). */
  previousTopics: ReadonlySet<Topic>;
}

export type Handler = (context: Context) => Promise<Section | null> | Section | null;

export const section = (text: string, ...pages: string[]): Section => ({ text, pages });

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const frenchDay = (day: string) =>
  firstOfMonth(longDate.format(new Date(`${day}T00:00:00Z`)));
export const dayCount = (days: number) => `${days} ${days > 1 ? 'jours' : 'jour'}`;
