/** The large field of a 6-digit code (mailed, or shown by an authenticator app): digits only. */
export function OneTimeCodeInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      className="block h-16 w-full rounded-xl border border-mist bg-paper text-center font-display text-4xl tracking-[0.5em] text-ink focus:border-gold focus:ring-2 focus:ring-gold/30 focus:outline-none"
    />
  );
}
