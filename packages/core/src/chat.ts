import { z } from 'zod';
import { CHAT_MAX_CONTENT_LENGTH, CHAT_MAX_MESSAGES } from './chat-text';

/** One message of the conversation: role (user or assistant) and content. */
export const ChatMessage = z.object({
  role: z.enum(['user', 'assistant'], { error: 'Le rôle du message est invalide.' }),
  content: z
    .string({ error: 'Le message est invalide.' })
    .trim()
    .min(1, 'Le message ne peut pas être vide.')
    .max(
      CHAT_MAX_CONTENT_LENGTH,
      `Un message ne peut pas dépasser ${CHAT_MAX_CONTENT_LENGTH} caractères.`,
    ),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** POST /chat: the full history plus the new message, the last one the visitor's. */
export const ChatRequest = z.object({
  messages: z
    .array(ChatMessage, { error: 'La conversation est invalide.' })
    .min(1, 'La conversation est vide.')
    .max(CHAT_MAX_MESSAGES, `La conversation ne peut pas dépasser ${CHAT_MAX_MESSAGES} messages.`)
    .refine((messages) => messages.at(-1)?.role === 'user', {
      message: 'Le dernier message doit être celui du visiteur.',
    }),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** Error body of the chat endpoint: the chat client reads `error` as a string (decision 015). */
export const ChatError = z.object({ error: z.string() });
export type ChatError = z.infer<typeof ChatError>;
