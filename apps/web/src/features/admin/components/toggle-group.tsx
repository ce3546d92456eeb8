const LOOKS = {
  /** Side by side in one ivory pill. */
  segmented: {
    group: 'flex rounded-full bg-ivory p-1',
    button: 'min-h-10 rounded-full px-4 text-sm font-semibold',
    pressed: 'bg-ink text-paper',
    idle: 'text-ink',
  },
  /** Separate rounded chips. */
  chips: {
    group: 'flex flex-wrap gap-2',
    button: 'min-h-11 rounded-full px-5 text-sm font-semibold ring-1',
    pressed: 'bg-ink text-paper ring-ink',
    idle: 'bg-paper text-ink ring-mist',
  },
} as const;

/** One choice among a few, as toggle buttons (the chosen one pressed) in a named group. */
export function ToggleGroup<Value extends string>({
  label,
  options,
  value,
  onChange,
  look,
}: {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  look: keyof typeof LOOKS;
}) {
  const classes = LOOKS[look];
  return (
    <div role="group" aria-label={label} className={classes.group}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`${classes.button} ${value === option.value ? classes.pressed : classes.idle}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
