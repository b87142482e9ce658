// GET /v1/usage (spec 4.2, scope usage:read): the month so far for whoever pays for this token.
// The read is itself a counted call that costs no credits (spec 6.5).
import type { CoreDeps } from "../config/core-deps.ts";
import type { V1Doorway } from "../http/v1.ts";
import type { Operation } from "./credits.ts";
import { UsageResponse } from "./model.ts";
import { payerOf } from "./payer.ts";
import type { PendingLedger } from "./pending-ledger.ts";
import { usageReport } from "./report.ts";
import type { ChargeReceipt } from "./service.ts";

export interface BillingRouteDeps extends CoreDeps {
  v1: V1Doorway<Operation, ChargeReceipt>;
  ledger: PendingLedger;
}

export function billingRoutes(deps: BillingRouteDeps) {
  return deps.v1.plugin("billing").get(
    "/v1/usage",
    {
      scope: "usage:read",
      operation: "usage.read",
      response: { 200: UsageResponse },
      summary: "Get your remaining allowance or metered usage",
      description:
        "For an allowance caller (an allowance client, or any token from an authorization code, which spends the authorizing user's allowance): the monthly allowance, what is used and what remains. " +
        "For a metered client: its usage this month and its spending limits. Both are broken down by operation (calls and credits) for the calendar month in UTC. " +
        "A metered client whose account has not activated usage billing gets 402 `metered_billing_inactive`.",
      tags: ["usage"],
    },
    ({ caller, charge, set }) => {
      set.headers["cache-control"] = "no-store";
      return usageReport(deps, payerOf(caller), charge.receipt.month);
    },
  ).elysia;
}
