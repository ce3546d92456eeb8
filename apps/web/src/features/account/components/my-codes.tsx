import { formatLongDate } from '../../../lib/format';
import { useMyCodes } from '../api/profile';

/** The codes the customer earned, shown above their bookings while they can be used. */
export function MyCodes() {
  const codes = useMyCodes();
  if (!codes.data || codes.data.codes.length === 0) return null;
  return (
    <section aria-labelledby="my-codes-title" className="mb-6 rounded-2xl bg-gold-soft p-5">
      <h3 id="my-codes-title" className="font-display text-2xl text-ink">
        Vos codes
      </h3>
      <ul className="mt-2 grid gap-1 text-sm text-ink">
        {codes.data.codes.map((code) => (
          <li key={code.code}>
            <span className="font-mono font-semibold">{code.code}</span> : {code.discountPercent} %
            sur votre prochaine location, jusqu’au {formatLongDate(code.validUntil)}.
          </li>
        ))}
      </ul>
    </section>
  );
}
