// A service's refusal (AppError) said on a learner page in the learner's language: by its code and
// the field it names, never its English message, and never an HTTP code (a 402 is said as what ran
// out and what to do). The API keeps the message; pages keep these words (ui-text/).
import { PASSWORD_MAX, PASSWORD_MIN, passwordRuleBroken } from "../accounts/service.ts";
import type { AppError } from "../lib/errors.ts";
import type { UiText } from "./ui-text/index.ts";

/** What the learner asked for, named in the "No … this time" sentence. */
export type Asked = keyof UiText["errors"]["what"];

/** The words for a refusal of a field; `input` is what was typed, to tell which password rule failed. */
export function fieldRefusal(t: UiText, error: AppError, input: { password?: string; email?: string } = {}): string {
  const e = t.errors;
  const param = error.param ?? "";
  if (error.code === "conflict" && param === "email") return e.emailTaken;
  if (param === "email") return e.invalidEmail;
  if (param === "password" || param === "password_confirmation") {
    const rule = input.password === undefined ? null : passwordRuleBroken(input.password, input.email);
    if (rule === "too_short") return e.passwordShort(PASSWORD_MIN);
    if (rule === "too_long") return e.passwordLong(PASSWORD_MAX);
    if (rule === "too_simple") return e.passwordSimple;
    if (rule === "has_email") return e.passwordHasEmail;
    if (param === "password_confirmation") return t.account.notSame;
  }
  if (param === "current_password") return error.code === "conflict" ? t.account.haveOne : t.account.wrongCurrent;
  if (param === "target_lang" || param === "source_lang") return e.sameLangs;
  if (param === "topic" || param === "scene") return e.topic;
  if (param.startsWith("npc")) return e.npc;
  if (param === "message") return e.message;
  return e.generic;
}

/** A refused list, lesson or tutor reply: why, and what to do. */
export function refusalText(t: UiText, error: AppError, asked: Asked): string {
  const e = t.errors;
  if (error.status === 402) {
    const held = error.message.includes("held by calls in progress");
    const why = held ? e.busy : error.code === "spend_cap_reached" ? e.spendCap : e.allowance;
    return e.noThisTime(e.what[asked], why);
  }
  if (error.code === "paid_plan_required") return e.paidPlan;
  if (error.status === 409) return e.raced;
  return fieldRefusal(t, error);
}

/** The page's errors-by-field for a refusal, in the learner's language (cf. form-errors.ts). */
export function fieldRefusals(t: UiText, error: AppError, fallback: string, input: { password?: string; email?: string } = {}): Record<string, string> {
  return { [error.param ?? fallback]: fieldRefusal(t, error, input) };
}
