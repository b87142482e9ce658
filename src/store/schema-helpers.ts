// Column conventions shared by every table: times are integer milliseconds since the epoch (from
// the injectable clock), ids are text, JSON is text parsed by drizzle.
import { integer, text } from "drizzle-orm/sqlite-core";

export const millis = (name: string) => integer(name, { mode: "number" });
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
export const bool = (name: string) => integer(name, { mode: "boolean" });
