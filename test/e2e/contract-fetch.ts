// The contract check of the end-to-end suite: every fetch a test makes to a running binary's /v1/
// or /oauth/ routes, and its answer, are checked against the documents that binary serves (the
// same checker as the in-process tests, test/helpers/contract.ts). A mismatch rejects the test's
// fetch with a ContractViolation naming the operation, the status and the field. Requests the
// browser makes, and programs a test spawns, are not seen here.
import { ContractChecker } from "../helpers/contract.ts";

/** The checked origins, each with its checker once a call needs it (the documents are read then). */
const checkers = new Map<string, Promise<ContractChecker> | null>();
const unchecked = globalThis.fetch;
let installed = false;

async function checkerFor(origin: string): Promise<ContractChecker> {
  const get = async (path: string) => (await unchecked(`${origin}${path}`)).json() as Promise<Record<string, any>>;
  return new ContractChecker(await get("/v1/openapi.json"), await get("/v1/asyncapi.json"));
}

/** Checks this test process's fetches to `origin` from now on (installs the wrapper once). */
export function checkContractOf(origin: string): void {
  checkers.set(origin, null);
  if (installed) return;
  installed = true;
  const checked = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!checkers.has(url.origin) || !/^\/(v1|oauth)\//.test(url.pathname)) return unchecked(request);
    const body = request.body ? await request.clone().text() : undefined;
    const response = await unchecked(request);
    let checker = checkers.get(url.origin);
    if (!checker) checkers.set(url.origin, (checker = checkerFor(url.origin)));
    return (await checker).check(request, body, response);
  };
  globalThis.fetch = Object.assign(checked, { preconnect: unchecked.preconnect }) as typeof fetch;
}

/** Stops checking `origin` (its binary stopped; a later binary may reuse the port). */
export function forgetContractOf(origin: string): void {
  checkers.delete(origin);
}
