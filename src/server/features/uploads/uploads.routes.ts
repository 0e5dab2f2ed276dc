import type { FastifyPluginAsync } from 'fastify';
import { files as servedFiles } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { CACHE_AN_HOUR, IMMUTABLE } from '#server/lib/cache-control.ts';
import { etagMatches, parseRange } from '#server/http/conditional-get.ts';
import { HttpError } from '#server/http/http-error.ts';
import { notFound } from '#server/lib/errors.ts';
import { contentTypeOf, isServedFileName } from '#server/storage/file-names.ts';

/** Even opened directly, a file cannot run script or load anything. */
const FILE_CSP = "sandbox; default-src 'none'";

/** GET /uploads/{filename}: generated names only, from the public store; originals live elsewhere. */
export const uploadsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const files = ctx.media.uploads;
  /**
   * S3_PUBLIC_URL: where the bucket's `uploads/` keys are served (a CDN, the bucket's website).
   * Set, requests are redirected there and never touch the store; its headers are then the
   * bucket's or the CDN's to set.
   */
  const publicBase = ctx.config.s3?.publicUrl;
  app.route<{ Params: { filename: string } }>({
    method: ['GET', 'HEAD'],
    url: servedFiles.upload,
    // HEAD is answered here, without opening the file (Fastify's own would read it to nowhere).
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      // The strict shape is the guard against traversal: `..`, slashes and backslashes, in any
      // encoding, never match it once the router has decoded the segment.
      const { filename } = request.params;
      if (!isServedFileName(filename)) throw notFound('No such file');
      if (publicBase) {
        return reply.code(302).header('cache-control', CACHE_AN_HOUR).redirect(`${publicBase}/uploads/${filename}`);
      }
      // Small files come whole from memory; larger ones are streamed from the store below.
      const info = await files.readSmall(filename);
      if (!info) throw notFound('No such file');

      const etag = `"${info.size.toString(36)}-${info.mtime.getTime().toString(36)}"`;
      reply.headers({
        etag,
        'cache-control': IMMUTABLE,
        'last-modified': info.mtime.toUTCString(),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-security-policy': FILE_CSP,
      });
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

      const ifRange = request.headers['if-range'];
      const range = parseRange(request.headers.range, info.size, typeof ifRange === 'string' ? ifRange : undefined, etag);
      if (range === 'unsatisfiable') {
        throw new HttpError(416, 'Range not satisfiable', { 'content-range': `bytes */${info.size}` });
      }
      reply.type(contentTypeOf(filename));
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', info.size);
      }
      if (request.method === 'HEAD') return reply.send();
      if ('body' in info) return reply.send(range ? info.body.subarray(range.start, range.end + 1) : info.body);
      const opened = await files.open(filename, range ?? undefined);
      if (!opened) throw notFound('No such file');
      return reply.send(opened.stream);
    },
  });
};
