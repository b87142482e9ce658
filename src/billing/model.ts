// The GET /v1/usage answer (spec 4.2, 5.5 `usage:read`): shared by the route (its declared model),
// /v1/openapi.json and the tests. The spec leaves the record's fields open (2.10); these are Parla's.
// Integers use TypeBox's own Integer (the same TypeBox 0.34 instance as `t`): Elysia's t.Integer
// also accepts numeric strings, which is right for query parameters but wrong to publish for a body.
import { Type } from "@sinclair/typebox";
import { t, type Static } from "elysia";

const Credits = (description: string) => Type.Integer({ minimum: 0, description });
const NullableCredits = (description: string) => t.Union([Type.Integer({ minimum: 0 }), t.Null()], { description });

export const OperationUsage = t.Object(
  {
    operation: t.String({ description: "operation name, e.g. `vocab.generate`, `lesson_plan.create`, `tutor.turn`, `events.feed`", examples: ["vocab.generate"] }),
    calls: Credits("calls counted this month"),
    credits: Credits("credits spent this month (refunds deducted)"),
    credits_per_call: Credits("the operation's weight: lesson plan 10, tutor turn 1, vocabulary generation 3, everything else 0"),
  },
  { additionalProperties: false },
);

const usageTotals = (description: string) =>
  t.Object(
    {
      calls: Credits("calls counted this month"),
      credits: Credits("credits spent this month"),
      operations: t.Array(OperationUsage, { description: "one entry per operation, every operation listed (zeros included)" }),
    },
    { additionalProperties: false, description },
  );

export const UsageTotals = usageTotals("calls and credits by operation");

const Period = {
  month: t.String({ pattern: "^[0-9]{4}-[0-9]{2}$", description: "calendar month in UTC", examples: ["2026-11"] }),
  period_start: t.String({ description: "first instant of the month (UTC, RFC 3339)", examples: ["2026-11-01T00:00:00.000Z"] }),
  period_end: t.String({ description: "first instant of the next month: the allowance resets then", examples: ["2026-12-01T00:00:00.000Z"] }),
};

export const SpendLimitState = t.Object(
  {
    limit_credits: NullableCredits("monthly spending limit in credits; null = no limit"),
    used_credits: Credits("credits spent against this limit this month"),
    remaining_credits: NullableCredits("credits left before calls are refused with 402 spend_cap_reached; null = no limit"),
  },
  { additionalProperties: false },
);

export const AllowanceUsageResponse = t.Object(
  {
    billing_mode: t.Literal("allowance", { description: "the call spends an account's monthly allowance (an allowance client, or any token from an authorization code)" }),
    ...Period,
    allowance: t.Object(
      {
        credits: Credits("the plan's monthly allowance"),
        used: Credits("credits spent this month by everything that spends this allowance"),
        remaining: Credits("credits left this month; at 0 credit-spending calls are refused with 402 allowance_exhausted"),
      },
      { additionalProperties: false },
    ),
    usage: usageTotals("this month's allowance usage by operation; `usage.credits` equals `allowance.used`"),
  },
  { additionalProperties: false },
);

export const MeteredUsageResponse = t.Object(
  {
    billing_mode: t.Literal("metered", { description: "the client is billed per credit through usage billing" }),
    ...Period,
    metered: t.Object(
      {
        active: t.Boolean({ description: "false: every call is refused with 402 metered_billing_inactive" }),
        client_spend_limit: SpendLimitState,
        account_spend_limit: SpendLimitState,
      },
      { additionalProperties: false },
    ),
    usage: usageTotals("this client's usage this month by operation"),
  },
  { additionalProperties: false },
);

export const UsageResponse = t.Union([AllowanceUsageResponse, MeteredUsageResponse], {
  description: "Remaining allowance, or a metered client's usage, for the calendar month so far (UTC).",
});

export type OperationUsageBody = Static<typeof OperationUsage>;
export type UsageTotalsBody = Static<typeof UsageTotals>;
export type SpendLimitBody = Static<typeof SpendLimitState>;
export type UsageResponseBody = Static<typeof UsageResponse>;
