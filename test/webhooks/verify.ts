import { Webhook } from "standardwebhooks";

/** A standardwebhooks verifier given the part after `parla_whsec_` (spec 6.4.3). */
export function webhookFor(secret: string): Webhook {
  return new Webhook(secret.slice("parla_whsec_".length));
}
