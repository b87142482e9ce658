// What each /v1/ operation costs. One table of data (spec 5.6.3 and 8: lesson plan 10, tutor turn 1,
// vocabulary generation 3); every other operation costs no credits but is still counted (spec 6.5).
// A route declares only its operation name; the ledger looks the price up here.

export const CREDIT_WEIGHTS = {
  "vocab.generate": 3,
  "lesson_plan.create": 10,
  "tutor.turn": 1,
  "lesson_plan.read": 0,
  "lesson_plan.stream": 0,
  "events.send": 0,
  "events.feed": 0,
  "events.stream": 0,
  "usage.read": 0,
  "webhook.delivery": 0,
} as const satisfies Record<string, number>;

export type Operation = keyof typeof CREDIT_WEIGHTS;

/** Every operation, in the table's order (reports list them all, so their shape is stable). */
export const OPERATIONS = Object.keys(CREDIT_WEIGHTS) as Operation[];

/** Words for the Usage page and the CSV export. */
export const OPERATION_LABELS: Record<Operation, string> = {
  "vocab.generate": "Vocabulary generation",
  "lesson_plan.create": "Lesson plan",
  "tutor.turn": "Tutor turn",
  "lesson_plan.read": "Lesson plan read",
  "lesson_plan.stream": "Lesson plan stream",
  "events.send": "Inbound event",
  "events.feed": "Event feed call",
  "events.stream": "Event stream opened",
  "usage.read": "Usage read",
  "webhook.delivery": "Webhook delivery",
};

export function isOperation(value: string): value is Operation {
  return Object.hasOwn(CREDIT_WEIGHTS, value);
}

export function creditsFor(operation: Operation): number {
  return CREDIT_WEIGHTS[operation];
}
