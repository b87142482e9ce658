// Who pays for a call (spec 1.2, 5.6). Derived once from the facts of an access token or a web-app
// session; the ledger then needs nothing else to know which budget to check and spend.

export type Budget = "allowance" | "metered";

export type Payer =
  /** Spends `accountId`'s monthly allowance; `clientId` is null for the web app's own session. */
  | { budget: "allowance"; accountId: string; clientId: string | null }
  /** Billed per credit to `accountId` (the client's owner); limited by the client's and the account's spending limits. */
  | { budget: "metered"; accountId: string; clientId: string };

/**
 * The authorization server already applied spec 5.6.5: a token from an authorization code has billingMode
 * "allowance" and payerAccountId = the authorizing user's account, whatever the client's mode.
 * A client-credentials token pays from its owner's allowance or is metered, by the client's mode.
 */
export function payerOf(caller: { billingMode: Budget; payerAccountId: string; clientId: string }): Payer {
  return caller.billingMode === "metered"
    ? { budget: "metered", accountId: caller.payerAccountId, clientId: caller.clientId }
    : { budget: "allowance", accountId: caller.payerAccountId, clientId: caller.clientId };
}

/** A web-app session holds every scope and spends its account's allowance (spec 5.1.4). */
export function sessionPayer(accountId: string): Payer {
  return { budget: "allowance", accountId, clientId: null };
}

/**
 * Work the service does for a client on its own initiative (a webhook delivery): the client's
 * owner pays in the client's billing mode, as for a client-credentials call.
 */
export function clientPayer(client: { id: string; accountId: string; billingMode: Budget }): Payer {
  return client.billingMode === "metered"
    ? { budget: "metered", accountId: client.accountId, clientId: client.id }
    : { budget: "allowance", accountId: client.accountId, clientId: client.id };
}

/** usage_* rows key the web app's own session as client '' (a primary-key column cannot be null). */
export const SESSION_CLIENT_KEY = "";

export function clientKey(payer: Payer): string {
  return payer.clientId ?? SESSION_CLIENT_KEY;
}
