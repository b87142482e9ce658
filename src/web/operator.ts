// The operator: the people who run this Parla (PARLA_OPERATOR_EMAILS). They see what belongs to
// the whole server rather than to one account — the mail outbox and the language model's use.
// Anyone else gets the same 404 as for a page that does not exist.
import type { Config } from "../config/config.ts";

export function isOperator(config: Pick<Config, "operatorEmails">, email: string): boolean {
  return config.operatorEmails.includes(email.toLowerCase());
}
