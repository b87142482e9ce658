// The two stores every store-facing test runs on: the embedded file and a libSQL server (the Hrana
// test server over a file in the same folder). `open(dir)` answers the URL to open and how to stop.
import { join } from "node:path";
import { startHranaTestServer } from "./hrana-test-server.ts";

export interface StoreDriver {
  name: string;
  open(dir: string): { url: string; stop: () => void };
}

export const STORE_DRIVERS: readonly StoreDriver[] = [
  { name: "embedded", open: (dir) => ({ url: `file:${join(dir, "p.db")}`, stop: () => {} }) },
  {
    name: "remote (Hrana test server)",
    open: (dir) => {
      const server = startHranaTestServer(join(dir, "remote.db"));
      return { url: server.url, stop: () => server.stop() };
    },
  },
];
