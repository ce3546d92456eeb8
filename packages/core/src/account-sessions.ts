import { z } from 'zod';

/** One of the account's open sessions, as the profile lists it. */
export const AccountSession = z.object({
  id: z.uuid(),
  /** The browser and system in plain French, e.g. « Chrome sur Windows ». */
  device: z.string(),
  /** The address the session was opened from; null when unknown (shown « Lieu inconnu »). */
  ipAddress: z.string().nullable(),
  lastSeenAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** The session of the browser asking: « Cet appareil ». */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessions = z.object({ sessions: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;
