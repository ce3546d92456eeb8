import { z } from 'zod';

/**
 * The two third-party sign-in providers of the /auth page (one Google, one Apple), over OpenID
 * Connect.
 */
export const SocialProvider = z.enum(['google', 'apple']);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** GET /api/v1/auth/providers: the providers this deployment has configured. */
export const SocialProviders = z.object({ providers: z.array(SocialProvider) });
export type SocialProviders = z.infer<typeof SocialProviders>;
