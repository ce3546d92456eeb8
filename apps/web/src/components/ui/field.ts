/** Shared look of form controls and labels. */
export const inputClass =
  'block h-12 w-full rounded-xl border border-mist bg-paper px-4 text-base text-ink placeholder:text-stone/70 focus:border-gold focus:ring-2 focus:ring-gold/30 focus:outline-none disabled:opacity-60';
export const labelClass = 'mb-1.5 block text-sm font-semibold text-ink';
export const hintClass = 'mt-1.5 text-xs text-stone';
