import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { CountedEvent, Visit } from './statistics.service.ts';

/**
 * The visit a request counts as, or null when it must not be counted: no user agent, a known bot
 * (isbot), Do-Not-Track or Global Privacy Control, a browser's speculative prefetch or prerender
 * (most are never looked at), or the signed-in owner (decided by the caller).
 * The address is Fastify's (request.ip), so TRUST_PROXY decides whether X-Forwarded-For counts.
 */
export function countableVisit(request: FastifyRequest): Visit | null {
  const { headers } = request;
  if (headers.dnt === '1' || headers['sec-gpc'] === '1') return null;
  const userAgent = headers['user-agent'];
  if (!userAgent || !fromPersonsBrowser(request)) return null;
  return { address: request.ip, userAgent };
}

/**
 * Whether a request is a browser opening the page for a person now: not a known bot (a chat's or
 * a mail's link preview among them) nor a speculative prefetch or prerender.
 */
export function fromPersonsBrowser(request: FastifyRequest): boolean {
  const { headers } = request;
  const purpose = headers['sec-purpose'] ?? headers.purpose;
  if (purpose !== undefined && /prefetch|prerender/i.test(String(purpose))) return false;
  const userAgent = headers['user-agent'];
  return Boolean(userAgent) && !isBot(String(userAgent));
}

/** isbot's answers for the user agents seen last: most requests come from a few browsers. */
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_KEPT = 500;

function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= BOT_ANSWERS_KEPT) botAnswers.clear();
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

let ownHostCache: [string, string] | undefined;
function ownHost(publicUrl: string): string {
  if (ownHostCache?.[0] !== publicUrl) ownHostCache = [publicUrl, new URL(publicUrl).hostname.toLowerCase().replace(/^www\./, '')];
  return ownHostCache[1];
}

/** The referring site's domain, when a visitor came from another site; never its path or query. */
export function referrerEvents(request: FastifyRequest, publicUrl: string): CountedEvent[] {
  const referer = request.headers.referer;
  if (!referer) return [];
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    host = url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return [];
  }
  const own = ownHost(publicUrl);
  const requested = String(request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase().replace(/^www\./, '');
  if (!host || host === own || host === requested || host.length > 100) return [];
  return [{ kind: 'referrer', subject: host }];
}
