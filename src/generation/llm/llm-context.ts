// What the LLM engine's operations share.
import type { Logger } from "../../lib/logger.ts";
import type { LexiconIndex } from "../builtin/lexicon-index.ts";
import type { ChatClient } from "./chat-client.ts";

export interface LlmContext {
  client: ChatClient;
  log: Logger;
  /** The built-in engine's data, loaded on first use: the output checks work from it. */
  lexicon: () => Promise<LexiconIndex>;
}
