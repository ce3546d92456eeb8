import { useQuery } from '@tanstack/react-query';
import { vehicleQuery } from '../../../lib/queries';

export const useVehicle = (slug: string) => useQuery(vehicleQuery(slug));
