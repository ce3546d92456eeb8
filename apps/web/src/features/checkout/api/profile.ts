import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../../lib/queries';

/** The signed-in user's profile, to prefill the main driver (the account pages' query). */
export const useDriverProfile = (enabled: boolean) =>
  useQuery({ ...profileQuery(), enabled, retry: false });
