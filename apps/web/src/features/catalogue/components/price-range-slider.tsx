import { clsx } from 'clsx';
import { useId } from 'react';
import { formatPrice } from '../../../lib/format';

/** Only the thumbs of the two stacked range inputs take the pointer. */
const thumbClass = clsx(
  'pointer-events-none absolute inset-x-0 top-0 h-6 w-full appearance-none bg-transparent outline-none',
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-6 [&::-webkit-slider-thumb]:w-6 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-gold [&::-webkit-slider-thumb]:bg-ink [&::-webkit-slider-thumb]:shadow-md',
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-6 [&::-moz-range-thumb]:w-6 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-gold [&::-moz-range-thumb]:bg-ink',
  // The focused thumb: a dark gold ring past a gap, visible on the track and on the background.
  '[&:focus-visible::-webkit-slider-thumb]:ring-3 [&:focus-visible::-webkit-slider-thumb]:ring-gold-deep [&:focus-visible::-webkit-slider-thumb]:ring-offset-2 [&:focus-visible::-webkit-slider-thumb]:ring-offset-paper',
  '[&:focus-visible::-moz-range-thumb]:ring-3 [&:focus-visible::-moz-range-thumb]:ring-gold-deep [&:focus-visible::-moz-range-thumb]:ring-offset-2 [&:focus-visible::-moz-range-thumb]:ring-offset-paper',
);

/**
 * A price range with two thumbs (two native range inputs over one track, each with its label
 * and its value in words). The thumbs stay one step apart.
 */
export function PriceRangeSlider({
  min,
  max,
  step,
  value: [low, high],
  onChange,
}: {
  min: number;
  max: number;
  step: number;
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const id = useId();
  const percent = (amount: number) => ((amount - min) / (max - min)) * 100;
  const euros = (amount: number) => formatPrice(amount * 100);

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Prix par jour</legend>
      <div className="relative mt-5 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-mist" />
        {/* The thumbs' centres run from half a thumb in from each end. */}
        <div className="absolute inset-x-3 top-1/2 h-1 -translate-y-1/2">
          <div
            className="absolute inset-y-0 rounded-full bg-gold"
            style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }}
          />
        </div>
        <input
          id={`${id}-min`}
          type="range"
          min={min}
          max={max}
          step={step}
          value={low}
          aria-labelledby={`${id}-min-label`}
          aria-valuetext={`${euros(low)} par jour`}
          onChange={(event) => onChange([Math.min(Number(event.target.value), high - step), high])}
          // The lower thumb goes on top when both sit at the maximum, so it can still move.
          className={clsx(thumbClass, low > max - step * 2 && 'z-10')}
        />
        <input
          id={`${id}-max`}
          type="range"
          min={min}
          max={max}
          step={step}
          value={high}
          aria-labelledby={`${id}-max-label`}
          aria-valuetext={`${euros(high)} par jour`}
          onChange={(event) => onChange([low, Math.max(Number(event.target.value), low + step)])}
          className={thumbClass}
        />
      </div>
      <div className="mt-3 flex justify-between gap-4">
        <label htmlFor={`${id}-min`} className="flex flex-col">
          <span id={`${id}-min-label`} className="text-xs text-stone">
            Prix minimum
          </span>
          <span className="text-sm font-semibold text-ink">{euros(low)}</span>
        </label>
        <label htmlFor={`${id}-max`} className="flex flex-col text-right">
          <span id={`${id}-max-label`} className="text-xs text-stone">
            Prix maximum
          </span>
          <span className="text-sm font-semibold text-ink">
            {euros(high)}
            {high === max && ' et +'}
          </span>
        </label>
      </div>
    </fieldset>
  );
}
