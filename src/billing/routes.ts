// GET /v1/usage (spec 4.2, scope usage:read): the month so far for whoever pays for this token.
// The read is itself a counted call that costs no credits (spec 6.5).
import { Elysia } from "elysia";
import type { AppDeps } from "../app-deps.ts";
import { authenticate } from "../http/bearer-guard.ts";
import { UsageResponse } from "./model.ts";
import { payerOf } from "./payer.ts";
import { usageReport } from "./report.ts";
import { chargeCall } from "./service.ts";

export function billingRoutes(deps: AppDeps) {
  return new Elysia({ name: "billing" }).get(
    "/v1/usage",
    async ({ request, set }) => {
      const caller = await authenticate(deps, request, "usage:read");
      const payer = payerOf(caller);
      const charge = await chargeCall(deps, payer, "usage.read");
      if (!charge.ok) throw charge.error;
      set.headers["cache-control"] = "no-store";
      return usageReport(deps, payer, charge.receipt.month);
    },
    {
      response: { 200: UsageResponse },
      detail: {
        summary: "Get your remaining allowance or metered usage",
        description:
          "For an allowance caller (an allowance client, or any token from an authorization code, which spends the authorizing user's allowance): the monthly allowance, what is used and what remains. " +
          "For a metered client: its usage this month and its spending limits. Both are broken down by operation (calls and credits) for the calendar month in UTC. " +
          "Needs the scope `usage:read`. A metered client whose account has not activated usage billing gets 402 `metered_billing_inactive`.",
        tags: ["usage"],
      },
    },
  );
}
