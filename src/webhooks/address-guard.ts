// Where webhooks may go (spec 2.9, 8): https on port 443, no user info, and a host that resolves
// only to public addresses. The same check runs on the address actually dialled at every attempt,
// so a name that changes address after registration (DNS rebinding) is refused then.
// PARLA_WEBHOOK_ALLOW_NETWORKS (DESIGN §5) lets tests and local development use listed CIDRs on any port.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Every address a name resolves to. Injected in tests. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export type GuardResult = { ok: true; hostname: string; address: string; port: number; path: string } | { ok: false; reason: string; transient?: boolean };

/** Resolver errors that say the lookup could not be made now (Parla's own network), not that the name is gone. */
const TRANSIENT_LOOKUP = new Set(["EAI_AGAIN", "ENETUNREACH", "ENETDOWN", "ECONNREFUSED", "ETIMEOUT", "ESERVFAIL"]);

interface Cidr {
  v6: boolean;
  base: bigint;
  bits: number;
}

function v4ToBig(ip: string): bigint {
  return ip.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBig(ip: string): bigint {
  let text = ip;
  // An embedded dotted quad (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v = v4ToBig(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + ((v >> 16n) & 0xffffn).toString(16) + ":" + (v & 0xffffn).toString(16);
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}

export function parseCidr(cidr: string): Cidr {
  const [addr, len] = cidr.split("/");
  const v6 = isIP(addr!) === 6;
  return { v6, base: v6 ? v6ToBig(addr!) : v4ToBig(addr!), bits: Number(len) };
}

function inCidr(value: bigint, v6: boolean, c: Cidr): boolean {
  if (c.v6 !== v6) return false;
  const width = v6 ? 128n : 32n;
  const shift = width - BigInt(c.bits);
  return value >> shift === c.base >> shift;
}

// IANA special-purpose registries: nothing here is reachable as a public destination.
const BLOCKED_V4 = ["0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4"].map(parseCidr);
// IPv6: only global unicast (2000::/3) is public, minus its special blocks; IPv4-mapped addresses are judged as IPv4.
const GLOBAL_V6 = parseCidr("2000::/3");
const BLOCKED_V6 = ["2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20", "64:ff9b::/96", "64:ff9b:1::/48"].map(parseCidr);
const MAPPED_V4 = parseCidr("::ffff:0:0/96");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) {
    const v = v4ToBig(address);
    return !BLOCKED_V4.some((c) => inCidr(v, false, c));
  }
  if (family === 6) {
    const v = v6ToBig(address);
    if (inCidr(v, true, MAPPED_V4)) {
      const v4 = v & 0xffffffffn;
      return isPublicAddress([24n, 16n, 8n, 0n].map((s) => String((v4 >> s) & 0xffn)).join("."));
    }
    return inCidr(v, true, GLOBAL_V6) && !BLOCKED_V6.some((c) => inCidr(v, true, c));
  }
  return false;
}

export interface AddressGuard {
  /** Checks a URL and picks the address to dial: every address the host resolves to must be allowed. */
  check(rawUrl: string): Promise<GuardResult>;
  /** True when the guard was opened for tests (start-up warns). */
  readonly opened: boolean;
}

export function createAddressGuard(options: { allowNetworks?: readonly string[]; resolver?: Resolver } = {}): AddressGuard {
  const allowed = (options.allowNetworks ?? []).map(parseCidr);
  const resolver = options.resolver ?? systemResolver;
  const inAllowed = (address: string) => {
    const v6 = isIP(address) === 6;
    const v = v6 ? v6ToBig(address) : v4ToBig(address);
    return allowed.some((c) => inCidr(v, v6, c));
  };
  return {
    opened: allowed.length > 0,
    async check(rawUrl) {
      let url: URL;
      try {
        url = new URL(rawUrl);
      } catch {
        return { ok: false, reason: "not a valid URL" };
      }
      if (url.protocol !== "https:") return { ok: false, reason: "the URL must use https" };
      // The authority must not carry user info, not even an empty one ("https://@host/").
      const authority = rawUrl.slice(rawUrl.indexOf("//") + 2).split(/[/?#]/, 1)[0]!;
      if (url.username || url.password || authority.includes("@")) return { ok: false, reason: "the URL must not contain a user name or password" };
      const port = url.port === "" ? 443 : Number(url.port);
      const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
      let addresses: string[];
      if (isIP(hostname)) addresses = [hostname];
      else {
        try {
          addresses = await resolver(hostname);
        } catch (error) {
          const code = (error as { code?: string }).code ?? "";
          return TRANSIENT_LOOKUP.has(code) ? { ok: false, reason: `cannot resolve ${hostname} now (${code})`, transient: true } : { ok: false, reason: `${hostname} does not resolve` };
        }
      }
      if (addresses.length === 0) return { ok: false, reason: `${hostname} does not resolve` };
      const allInAllowed = addresses.every(inAllowed);
      if (!allInAllowed && !addresses.every(isPublicAddress)) return { ok: false, reason: `${hostname} resolves to an address that is not public` };
      if (port !== 443 && !allInAllowed) return { ok: false, reason: "the URL must use port 443" };
      return { ok: true, hostname, address: addresses[0]!, port, path: url.pathname + url.search };
    },
  };
}
