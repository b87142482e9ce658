// The peer for scripts/bench/oauth.ts: node-oidc-provider (panva) configured for client
// credentials only, with its default in-memory adapter, on 127.0.0.1:<port>.
import Provider from "oidc-provider";

const port = Number(process.argv[2]);
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [{ client_id: "bench", client_secret: "bench-secret-bench-secret-bench-secret", grant_types: ["client_credentials"], redirect_uris: [], response_types: [], token_endpoint_auth_method: "client_secret_basic", scope: "usage:read" }],
  scopes: ["usage:read"],
  features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
});
provider.listen(port, "127.0.0.1", () => console.log(`oidc-provider listening ${port}`));
