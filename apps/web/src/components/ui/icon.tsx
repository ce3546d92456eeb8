import {
  BadgeCheck,
  Calendar,
  Car,
  CreditCard,
  FileSignature,
  Gem,
  Headset,
  KeyRound,
  MapPin,
  Search,
  Shield,
  Star,
  Truck,
  User,
  type LucideProps,
} from 'lucide-react';

/** Icons available to the step and information cards. */
export type IconName =
  | 'search'
  | 'calendar'
  | 'shield'
  | 'credit-card'
  | 'badge-check'
  | 'file-signature'
  | 'truck'
  | 'key'
  | 'map-pin'
  | 'headset'
  | 'car'
  | 'gem'
  | 'user'
  | 'star';

const ICONS = {
  search: Search,
  calendar: Calendar,
  shield: Shield,
  'credit-card': CreditCard,
  'badge-check': BadgeCheck,
  'file-signature': FileSignature,
  truck: Truck,
  key: KeyRound,
  'map-pin': MapPin,
  headset: Headset,
  car: Car,
  gem: Gem,
  user: User,
  star: Star,
} satisfies Record<IconName, unknown>;

/** Renders one of the content icons by name (decorative: hidden from screen readers). */
export function ContentIcon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = ICONS[name];
  return <Component aria-hidden="true" {...props} />;
}
