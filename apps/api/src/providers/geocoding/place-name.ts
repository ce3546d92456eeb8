/** A word of typed text, where it sits in that text, and its search key. */
export interface Token {
  start: number;
  end: number;
  /** Lowercase, without accents: 'ste' stays 'ste'. */
  plain: string;
  /** What indexes and comparisons use: 'st'/'ste' become 'saint'/'sainte'. */
  key: string;
}

/** Customers write 'St-Denis' and 'Ste Maxime'; the official names spell Saint and Sainte out. */
const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte' };

// Hyphens, apostrophes, commas and dots separate words, as they do in 'L'Haÿ-les-Roses'.
const WORD = /[\p{L}\p{N}]+/gu;

export function tokenise(text: string): Token[] {
  return [...text.matchAll(WORD)].map((match) => {
    const plain = stripAccents(match[0]);
    return {
      start: match.index,
      end: match.index + match[0].length,
      plain,
      key: ABBREVIATIONS[plain] ?? plain,
    };
  });
}

/** 'Saint-Étienne', 'St Etienne' and 'saint etienne' all give 'saint etienne'. */
export function normalisePlaceName(text: string): string {
  return tokenise(text)
    .map((token) => token.key)
    .join(' ');
}

function stripAccents(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('œ', 'oe')
    .replaceAll('æ', 'ae');
}
