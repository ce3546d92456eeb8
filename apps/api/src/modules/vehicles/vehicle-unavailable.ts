import { AppError } from '../../lib/app-error';

/** The one refusal of a period the car cannot be rented for: booked, held or blocked. */
export const vehicleUnavailable = () =>
  new AppError(
    'vehicle_unavailable',
    "Véhicule non disponible : ce véhicule n'est pas disponible pour les dates sélectionnées.",
    409,
  );
