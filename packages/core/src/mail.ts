import { z } from 'zod';

/** pending: waiting for (another) delivery attempt; failed: given up after the last attempt. */
export const OutboxMailStatus = z.enum(['pending', 'sent', 'failed']);
export type OutboxMailStatus = z.infer<typeof OutboxMailStatus>;

/** One mail of the outbox, as listed on the administrators' mailbox page (demo mode). */
export const OutboxMailSummary = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** Which template rendered it: 'verification-code', 'welcome'… */
  template: z.string(),
  status: OutboxMailStatus,
  attempts: z.number().int().min(0),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMailSummary = z.infer<typeof OutboxMailSummary>;

/** A mail with its bodies, to display it as the customer receives it. */
export const OutboxMail = OutboxMailSummary.extend({
  /** Why the last attempt failed (the mail server's answer), if it did. */
  lastError: z.string().nullable(),
  text: z.string(),
  html: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const OUTBOX_PAGE_SIZE_MAX = 100;

export const OutboxMailListQuery = z.object({
  page: z.coerce.number().int().min(1, 'La page doit être un entier positif.').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'La taille de page doit être comprise entre 1 et 100.')
    .max(OUTBOX_PAGE_SIZE_MAX, 'La taille de page doit être comprise entre 1 et 100.')
    .default(20),
});
export type OutboxMailListQuery = z.infer<typeof OutboxMailListQuery>;

/** GET /admin/mails: newest first. */
export const OutboxMailList = z.object({
  mails: z.array(OutboxMailSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OutboxMailList = z.infer<typeof OutboxMailList>;

/**
 * POST /me/welcome-email, sent by the browser once the e-mail address is verified; a failure is
 * only logged.
 */
export const WelcomeEmailRequest = z.object({
  firstName: z
    .string()
    .trim()
    .max(80, 'Le prénom ne doit pas dépasser 80 caractères.')
    .regex(/^[^\p{Cc}]*$/u, 'Le prénom contient des caractères non autorisés.')
    .optional(),
});
export type WelcomeEmailRequest = z.infer<typeof WelcomeEmailRequest>;

/** queued is false when the welcome mail of this account was already requested. */
export const WelcomeEmailResult = z.object({ queued: z.boolean() });
export type WelcomeEmailResult = z.infer<typeof WelcomeEmailResult>;
