/** The support assistant's name, shown as the chat panel's title. */
export const ASSISTANT_NAME = 'Vroum';
export const CHAT_GREETING = "Bonjour\u00a0! Comment puis-je vous aider aujourd'hui\u00a0?";
export const CHAT_MAX_MESSAGES = 30;
export const CHAT_MAX_CONTENT_LENGTH = 2000;
