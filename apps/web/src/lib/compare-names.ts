/**
 * Orders names as a French reader does: accents and case aside ('Série' with 'serie'), numbers by
 * their value ('Série 3' before 'Série 10'). Written out rather than asked of Intl's Collator, whose
 * first use on a page loads the locale's data while the app takes the page over (paris-time.ts).
 * The tests hold it to Intl.Collator('fr', { sensitivity: 'base', numeric: true }) on vehicle
 * names; a letter of another script is compared by its code.
 */
const BASE_LETTERS: Record<string, string> = {};
for (const [base, accented] of [
  ['a', 'àáâãäåāăą'],
  ['c', 'çćč'],
  ['e', 'èéêëēėęě'],
  ['g', 'ğ'],
  ['i', 'ìíîïīį'],
  ['l', 'ł'],
  ['n', 'ñńň'],
  ['o', 'òóôõöøōő'],
  ['r', 'ř'],
  ['s', 'śšş'],
  ['t', 'ť'],
  ['u', 'ùúûüūůű'],
  ['y', 'ýÿ'],
  ['z', 'źżž'],
] as const) {
  for (const letter of accented) BASE_LETTERS[letter] = base;
}
BASE_LETTERS['œ'] = 'oe';
BASE_LETTERS['æ'] = 'ae';

/** The name's runs of digits (as numbers) and of other characters (folded to their base). */
function parts(name: string): (string | number)[] {
  const folded = name
    .toLowerCase()
    .replace(/[\u0080-\uffff]/g, (letter) => BASE_LETTERS[letter] ?? letter);
  return (folded.match(/\d+|\D+/g) ?? []).map((run) => (/^\d/.test(run) ? Number(run) : run));
}

export function compareNames(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const [x, y] = [left[index]!, right[index]!];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    // A number sorts before letters, as the collator puts digits before letters.
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}
