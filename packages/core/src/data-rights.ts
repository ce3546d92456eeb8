import { z } from 'zod';

/** The deletion of one's own account: the current password and an explicit confirmation. */
export const AccountDeletionRequest = z.object({
  password: z
    .string({ error: 'Saisissez votre mot de passe.' })
    .min(1, 'Saisissez votre mot de passe.')
    .max(128, 'Mot de passe incorrect.'),
  confirm: z.literal(true, {
    error: 'Cochez la case pour confirmer que la suppression est définitive.',
  }),
});
export type AccountDeletionRequest = z.infer<typeof AccountDeletionRequest>;
