import { createLogger } from "../../src/lib/logger.ts";
import { tempDir } from "../helpers/temp-dir.ts";
const log = createLogger("info");
for (let i = 0; i < 1000; i++) log.info("n", { i });
if (process.argv[2] === "exit") process.exit(0);
