import { createBuiltinAssistant } from './builtin-assistant';
import type { ChatModel, ChatModelConfig } from './chat-model';
import { createOpenAiChatModel } from './openai-chat-model';

/** The configured chat model: the built-in assistant by default, or an OpenAI-compatible API. */
export function createChatModel(config: ChatModelConfig): ChatModel {
  return config.provider === 'openai'
    ? createOpenAiChatModel(config)
    : createBuiltinAssistant(config.pace);
}
