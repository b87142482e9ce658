// The developer reference the OAuth metadata's service_documentation points to (RFC 8414 §2): where
// the endpoints are, which scopes exist, and how a first token is obtained. Built from the same data
// the server uses, so it cannot drift from what the server does.
import { SCOPE_DESCRIPTIONS, SCOPES } from "../oauth/scopes.ts";
import { Layout } from "./layout.tsx";

export interface DocsPageProps {
  metadata: { issuer: string; authorization_endpoint: string; token_endpoint: string; revocation_endpoint: string };
  metadataUrl: string;
  apiVersion: string;
  user?: { email: string; csrf: string } | null;
}

export function DocsPage(props: DocsPageProps) {
  const m = props.metadata;
  const curl = `curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials -d "scope=vocab:generate" ${m.token_endpoint}`;
  return (
    <Layout title="Developer reference" user={props.user}>
      <h1>Developer reference</h1>
      <section class="card" aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">OAuth 2.0 endpoints</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">Issuer</th>
              <td class="mono" safe>{m.issuer}</td>
            </tr>
            <tr>
              <th scope="row">Metadata (RFC 8414)</th>
              <td class="mono" safe>{props.metadataUrl}</td>
            </tr>
            <tr>
              <th scope="row">Authorization</th>
              <td class="mono" safe>{m.authorization_endpoint}</td>
            </tr>
            <tr>
              <th scope="row">Token</th>
              <td class="mono" safe>{m.token_endpoint}</td>
            </tr>
            <tr>
              <th scope="row">Revocation</th>
              <td class="mono" safe>{m.revocation_endpoint}</td>
            </tr>
          </tbody>
        </table>
        <p class="hint">
          Authorization code with PKCE (S256) for apps acting for a user, client credentials for your own account. Access tokens work only on
          <code>/v1/</code> routes, as <code>Authorization: Bearer …</code>.
        </p>
      </section>
      <section class="card" aria-labelledby="first-token-heading">
        <h2 id="first-token-heading">A first token</h2>
        <p>Create a client on the Integrations page, then:</p>
        <pre class="secret" safe>{curl}</pre>
        <p class="hint" safe>{`Send Parla-Version: ${props.apiVersion} with API calls to pin the version you tested against.`}</p>
      </section>
      <section class="card" aria-labelledby="scopes-heading">
        <h2 id="scopes-heading">Scopes</h2>
        <table>
          <tbody>
            {SCOPES.map((scope) => (
              <tr>
                <th scope="row" class="mono" safe>{scope}</th>
                <td safe>{SCOPE_DESCRIPTIONS[scope]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Layout>
  );
}
