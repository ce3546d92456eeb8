import { z } from 'zod';
import { ApiError } from '@vroum/core/api';

/** What the console's routes share: their parameters and their errors. */
export const IdParams = z.object({ id: z.uuid('Identifiant invalide.') });
export const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
export const tags = ['administration'];
