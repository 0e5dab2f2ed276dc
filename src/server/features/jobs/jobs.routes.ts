import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { FailedJobs } from '#contract/jobs.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { requireOwner } from '#server/features/auth/session.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import * as jobs from './jobs.service.ts';

/** Background work that failed for good: the owner's to read, try again or dismiss. */
export const jobsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.failedJobs, { onRequest: requireOwner, schema: { response: { 200: FailedJobs } } }, async (_request, reply) => {
    void reply.header('cache-control', NO_STORE);
    return jobs.listFailedJobs(ctx);
  });

  routes.post(
    api.jobRetry,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await jobs.retryJob(ctx, request.params.id);
      return { message: 'Trying it again' };
    },
  );

  routes.delete(
    api.job,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await jobs.dismissJob(ctx, request.params.id);
      return { message: 'Dismissed' };
    },
  );
};
