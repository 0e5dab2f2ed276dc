import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { invalid } from '#server/lib/errors.ts';

/**
 * Where a webhook may go, and the one way a delivery is sent. A hook's URL is the owner's, but the
 * server makes the request: without these checks a webhook would let whoever holds a token with
 * `webhooks:write` make the server call its own loopback, the cloud's metadata address or the
 * machines of its private network, and read the status they answer in the delivery log.
 */

/** Ranges that are not the public internet (IANA's special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud's metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['64:ff9b::', 96], // NAT64: an IPv4 address of any range behind it
  ['64:ff9b:1::', 48], // local NAT64
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address of any range behind it
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
/**
 * IPv6's global unicast range: everything outside it (unspecified, loopback, IPv4-mapped,
 * unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8…) is refused.
 */
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (version === 6) return GLOBAL_V6.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
  return false;
}

export interface ResolvedTarget {
  url: URL;
  /** The address the request connects to: the one checked, never a second answer of the DNS. */
  address: string;
  family: 4 | 6;
}

/**
 * The address a hook's URL is sent to: its host resolved once, and every address it resolves to
 * checked (unless private targets are allowed). The request then connects to that address and no
 * other, so a DNS answer that changes between the check and the connection (rebinding) is not
 * asked for again.
 */
export async function resolveTarget(target: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw invalid('webhooks.unresolvable_target', { host });
    }
    if (addresses.length === 0) throw invalid('webhooks.unresolvable_target', { host });
  }
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw invalid('webhooks.private_target', { address: refused.address });
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

export interface SendOptions {
  headers: Record<string, string>;
  body: string;
  /** The whole delivery: connecting, sending, and the answer's head and body. */
  timeoutMs: number;
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** What is read of an answer at most: its first bytes name the error; the rest is the receiver's. */
export const ANSWER_READ_MAX_BYTES = 64 * 1024;
/** What the delivery log keeps of an error answer. */
const ANSWER_SHOWN_CHARS = 200;

/** An answer's words as the log shows them: control characters (line breaks, escapes) as spaces. */
const shown = (text: string) =>
  Array.from(text, (char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, ANSWER_SHOWN_CHARS);

/**
 * POSTs the body to the resolved address, with the URL's host for its Host header and TLS name.
 * A 2xx is a success; a redirect is not followed (it could lead anywhere the checks refuse) and is
 * a failure, as is any other answer, a refused connection or the time running out.
 */
export function send(target: ResolvedTarget, options: SendOptions): Promise<SendResult> {
  const { url, address, family } = target;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as unknown as (error: null, all: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        ...(url.port ? { port: Number(url.port) } : {}),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: pinned,
        // A connection of its own: a pooled one may have been opened to another answer of the DNS.
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          response.destroy();
          const text = shown(Buffer.concat(chunks).toString('utf8'));
          if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode, error: null });
          else if (statusCode >= 300 && statusCode < 400) {
            finish({ ok: false, statusCode, error: `Redirect not followed (HTTP ${statusCode}${response.headers.location ? ` to ${shown(response.headers.location)}` : ''})` });
          } else finish({ ok: false, statusCode, error: `HTTP ${statusCode}${text ? `: ${text}` : ''}` });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < ANSWER_READ_MAX_BYTES) chunks.push(chunk.subarray(0, ANSWER_READ_MAX_BYTES - read));
          read += chunk.length;
          // Enough to name the answer: a receiver that keeps talking does not keep the worker.
          if (read >= ANSWER_READ_MAX_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `No answer within ${options.timeoutMs / 1000} s` });
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, statusCode: null, error: error.code ? `${error.code}: ${error.message}` : error.message }));
    request.end(options.body);
  });
}
