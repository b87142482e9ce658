// Every table, for drizzle-kit and for the typed database handle.
export * from "./settings-schema.ts";
export * from "../scheduler/schema.ts";
export * from "../accounts/schema.ts";
export * from "../clients/schema.ts";
export * from "../oauth/schema.ts";
export * from "../billing/schema.ts";
export * from "../events/schema.ts";
export * from "../generation/schema.ts";
export * from "../mail/schema.ts";
export * from "../inbound/schema.ts";
export * from "../webhooks/schema.ts";
export * from "../learning/schema.ts";
export * from "../learning/list-history-schema.ts";
