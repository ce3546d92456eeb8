import type { VehicleCategory } from '@vroum/core/vehicle';
import type { ExtraId } from '@vroum/core/extras';
import type { ProtectionId } from '@vroum/core/protection';

/**
 * The vehicle summary carried to checkout (id, name, pricePerDay, deposit, image, category).
 * Prices are in euros in this state; `slug` is added so that checkout can link back to the vehicle
 * page.
 */
export interface CheckoutVehicle {
  /** The vehicle's id (uuid). */
  id: string;
  slug: string;
  name: string;
  /** Euros. */
  pricePerDay: number;
  /** Euros. */
  deposit: number;
  image: string;
  category: VehicleCategory;
}

/**
 * The react-router navigation state with which the options page opens /checkout.
 * It is a display hint: the server recomputes every price.
 */
export interface CheckoutState {
  vehicle: CheckoutVehicle;
  deliveryAddress: string;
  /** Euros. */
  deliveryFee: number;
  /** Where the car is collected when it is not the delivery address; '' otherwise. */
  returnAddress: string;
  /** Euros, for collecting the car at `returnAddress`. */
  returnFee: number;
  /** ISO instants. */
  startDate: string;
  endDate: string;
  withDriver: boolean;
  unlimitedKm: boolean;
  selectedProtection: ProtectionId;
  selectedOptions: ExtraId[];
}
