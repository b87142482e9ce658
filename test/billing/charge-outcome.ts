// A charge's outcome as a value, for tests that count how many of many concurrent calls were
// refused: chargeCall resolves to a receipt or rejects with the AppError a /v1 call would answer.
import type { Operation } from "../../src/billing/credits.ts";
import type { Payer } from "../../src/billing/payer.ts";
import { chargeCall, type ChargeReceipt, type LedgerDeps } from "../../src/billing/service.ts";
import { AppError } from "../../src/lib/errors.ts";

export type ChargeOutcome = { ok: true; receipt: ChargeReceipt } | { ok: false; error: AppError };

export function chargeOutcome(deps: LedgerDeps, payer: Payer, operation: Operation): Promise<ChargeOutcome> {
  return chargeCall(deps, payer, operation).then(
    (receipt) => ({ ok: true as const, receipt }),
    (error: unknown) => {
      if (error instanceof AppError) return { ok: false as const, error };
      throw error;
    },
  );
}
