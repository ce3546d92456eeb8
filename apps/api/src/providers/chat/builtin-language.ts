import { normalise } from './french-text';

/** The language the built-in assistant answers in: the visitor's, French unless clearly English. */
export type Lang = 'fr' | 'en';

const ENGLISH_WORDS = new Set(
  (
    'the what how can could would should is are do does did my i you your if and of to for with ' +
    'it will when where which who much many there this that be have has car cars rent renting ' +
    'hello hi please thanks thank cancel deposit price return returned charged about'
  ).split(' '),
);
const FRENCH_WORDS = new Set(
  (
    'le la les de des du un une est et je pour combien quel quelle quels quelles vous pas que ' +
    'en avec sur ma mon mes si au aux est ce ca il elle qui ou peut puis faut bonjour merci ' +
    'voiture caution prix annuler'
  ).split(' '),
);

/** The language of one message, or null when it says too little to tell ('Urus ?'). */
export function languageOf(original: string): Lang | null {
  let english = 0;
  let french = 0;
  for (const word of normalise(original).trim().split(' ')) {
    if (ENGLISH_WORDS.has(word)) english++;
    if (FRENCH_WORDS.has(word)) french++;
  }
  if (english === 0 && french === 0) return null;
  return english > french ? 'en' : 'fr';
}

/** The conversation's language: the last message that tells, French by default. */
export function conversationLanguage(userMessages: readonly string[]): Lang {
  for (const message of [...userMessages].reverse()) {
    const lang = languageOf(message);
    if (lang) return lang;
  }
  return 'fr';
}

/** The French or the English text, as the conversation goes. */
export const say = (lang: Lang, fr: string, en: string) => (lang === 'en' ? en : fr);
