import type { LucideIcon } from 'lucide-react';

/**
 * The gold icon at the start of a field, inside its `relative` wrapper (the input then leaves it
 * room with `pl-10` or more); decorative, the label names the field.
 */
export function InputIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <Icon
      className="pointer-events-none absolute top-1/2 left-4 h-4 w-4 -translate-y-1/2 text-gold-deep"
      aria-hidden="true"
    />
  );
}
