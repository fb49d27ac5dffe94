/**
 * Who the client is, behind reverse proxies: TRUST_PROXY hops, one rule for the Express pipeline
 * (`app.set('trust proxy', trust)`: req.ip, req.secure, req.host) and the fast path (`isSecure`),
 * and a check that tells the operator, once, when the proxies in front do not match it.
 *
 * With TRUST_PROXY=n the last n entries of the chain [peer, …X-Forwarded-For from right to left]
 * are proxies of ours; the client is the next one. Set too low behind a proxy, every visitor is
 * the proxy's address: one sign-in limit and one contact limit for all (10 bad guesses lock
 * everyone out). Set too high, or behind a proxy that passes on what clients send, a client picks
 * its own address and escapes its limit. deploy/nginx.conf and TRUST_PROXY=1 go together.
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from './log.ts';

/** Express's `trust proxy` as a function: hop i (0 is the peer) is one of ours when i < hops. */
export type TrustFn = (address: string | undefined, hop: number) => boolean;

export function proxyTrust(hops: number) {
  const trust: TrustFn = (_address, hop) => hop < hops;
  /**
   * Whether the visitor's connection is HTTPS, as Express's req.secure decides it: TLS here, or
   * the first X-Forwarded-Proto value when the peer is a trusted proxy.
   */
  const isSecure = (req: IncomingMessage): boolean => {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    const xfp = req.headers['x-forwarded-proto'];
    if (typeof xfp !== 'string' || !trust(req.socket.remoteAddress, 0)) return false;
    const comma = xfp.indexOf(',');
    return (comma === -1 ? xfp : xfp.slice(0, comma)).trim() === 'https';
  };
  return { trust, isSecure };
}

/** The X-Forwarded-For entries, nearest proxy first (the header lists them client first). */
const forwardedChain = (xff: string) =>
  xff
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();

/** The client's address with `hops` trusted proxies, as Express (proxy-addr) computes req.ip. */
export function clientAddress(peer: string | undefined, xff: string | undefined, hops: number): string | undefined {
  const chain = [peer, ...(xff ? forwardedChain(xff) : [])];
  return chain[Math.min(hops, chain.length - 1)];
}

/** Requests per verdict; 90 % of them must show the symptom. */
const WINDOW = 50;
const SHARE = 0.9;
/** "Every request from one address" needs a longer look (and production: development is one visitor). */
const ONE_ADDRESS_WINDOW = 1_000;

/** The log line and its fix, for each way the proxies and TRUST_PROXY can disagree. */
export const PROXY_MISCONFIGURATIONS = {
  untrustedProxy: 'TRUST_PROXY=0 behind a reverse proxy',
  chainTooLong: 'X-Forwarded-For longer than TRUST_PROXY trusts',
  noForwardedFor: 'the proxy sends no X-Forwarded-For',
  noForwardedProto: 'the proxy sends no X-Forwarded-Proto',
  oneAddress: 'every request from one address',
} as const;
export type ProxyMisconfiguration = keyof typeof PROXY_MISCONFIGURATIONS;

/**
 * Watches the forwarding headers of requests (all but the health probes) and logs each
 * misconfiguration once, with the address every visitor is taken for and the fix. Cheap enough
 * to run on every request: a few header reads and counters.
 */
export function createProxyCheck(hops: number, log: Logger, opts: { production: boolean }) {
  const told = new Set<ProxyMisconfiguration>();
  let n = 0;
  let withXff = 0;
  let withXfp = 0;
  let longer = 0;
  let longest = 0;
  let sample: { peer?: string; client?: string; xff?: string } = {};
  let oneN = 0;
  let oneClient: string | undefined;

  const tell = (kind: ProxyMisconfiguration, message: string, fields: Record<string, unknown>) => {
    if (told.has(kind)) return;
    told.add(kind);
    log.warn(`proxy misconfiguration: ${PROXY_MISCONFIGURATIONS[kind]}. ${message}`, { misconfiguration: kind, trustProxy: hops, ...fields });
  };

  const verdict = () => {
    const most = (count: number) => count >= SHARE * n;
    const { peer, client } = sample;
    if (hops === 0 && most(withXff)) {
      tell(
        'untrustedProxy',
        `X-Forwarded-For arrives from ${peer} on ${withXff} of ${n} requests, but TRUST_PROXY=0: every visitor is taken for ${peer}, one sign-in and contact limit for all. Fix: TRUST_PROXY=1 behind one proxy (deploy/nginx.conf), or the number of proxies in front.`,
        { peer },
      );
    }
    if (hops > 0 && most(longer)) {
      tell(
        'chainTooLong',
        `${longer} of ${n} requests carry ${longest} forwarded addresses, more than TRUST_PROXY=${hops} trusts: every visitor is taken for ${client} (a proxy's address). Fix: TRUST_PROXY=${longest} if those ${longest} proxies are yours (a CDN or load balancer in front of nginx); otherwise make the proxy in front replace X-Forwarded-For with the client's address ($remote_addr, deploy/nginx.conf).`,
        { peer, client, addresses: longest },
      );
    }
    if (hops > 0 && most(n - withXff)) {
      tell(
        'noForwardedFor',
        `${n - withXff} of ${n} requests from ${peer} have no X-Forwarded-For although TRUST_PROXY=${hops}: every visitor is taken for ${peer}, one sign-in and contact limit for all. Fix: the proxy sets "X-Forwarded-For $remote_addr" (deploy/nginx.conf), or TRUST_PROXY=0 without a proxy.`,
        { peer },
      );
    }
    if (hops > 0 && most(withXff) && most(withXff - withXfp)) {
      tell(
        'noForwardedProto',
        `${withXff - withXfp} of ${n} proxied requests have no X-Forwarded-Proto: HTTPS visitors get no Strict-Transport-Security and session cookies without __Host-. Fix: the proxy sets "X-Forwarded-Proto $scheme" (deploy/nginx.conf).`,
        { peer },
      );
    }
    n = withXff = withXfp = longer = longest = 0;
  };

  return {
    observe(req: IncomingMessage) {
      const url = req.url ?? '';
      if (url === '/healthz' || url === '/readyz') return;
      const peer = req.socket.remoteAddress;
      const xff = req.headers['x-forwarded-for'];
      const xffText = typeof xff === 'string' ? xff : undefined;
      n++;
      if (xffText) {
        withXff++;
        if (req.headers['x-forwarded-proto']) withXfp++;
        const entries = forwardedChain(xffText).length;
        if (entries > hops) longer++;
        longest = Math.max(longest, entries);
      }
      if (n === 1 || xffText) sample = { peer, xff: xffText, client: clientAddress(peer, xffText, hops) };
      if (opts.production) {
        const client = clientAddress(peer, xffText, hops);
        if (oneN === 0 || client !== oneClient) {
          oneClient = client;
          oneN = 0;
        }
        if (++oneN === ONE_ADDRESS_WINDOW) {
          tell(
            'oneAddress',
            `the last ${ONE_ADDRESS_WINDOW} requests all came from ${client} (as the server sees the client): if a reverse proxy or load balancer is in front, every visitor is taken for its address, one sign-in and contact limit for all. Fix: the proxy sets "X-Forwarded-For $remote_addr" and TRUST_PROXY counts the proxies (deploy/nginx.conf, TRUST_PROXY=1).`,
            { client },
          );
        }
      }
      if (n === WINDOW) verdict();
    },
    /** The misconfigurations logged so far (tests). */
    told: () => [...told],
  };
}
