// The generation API contract (api-contract.ts) against the built-in engine, the default.
import { apiContract } from "./api-contract.ts";

apiContract("builtin", { env: () => ({ PARLA_ENGINE: "builtin" }) });
