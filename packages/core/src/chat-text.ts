/** The support assistant's name, shown as the chat panel's title. */
export const ASSISTANT_NAME = 'Vroum';
export const CHAT_GREETING = "Bonjour ! Comment puis-je vous aider aujourd'hui ?";
export const CHAT_MAX_MESSAGES = 30;
export const CHAT_MAX_CONTENT_LENGTH = 2000;
