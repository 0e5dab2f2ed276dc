import type { FastifyRequest } from 'fastify';

/**
 * What the log keeps of a request: Fastify's usual fields, but the path without its query string,
 * since a reset link carries its token there (DESIGN §7: logs never hold a token). Headers, and
 * so cookies, are never serialized.
 */
export function requestForLog(request: FastifyRequest) {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : request.url.slice(0, query),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
