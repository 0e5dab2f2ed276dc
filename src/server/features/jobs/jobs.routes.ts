import type { FastifyPluginAsync } from 'fastify';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { FailedJobs } from '#contract/jobs.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import * as jobs from './jobs.service.ts';

/** Background work that failed for good: the owner's to read, try again or dismiss. */
export const jobsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const owner = ownerRoutes(app);

  owner.get(api.failedJobs, { response: { 200: FailedJobs } }, async (_ownerId, _request, reply) => {
  void reply.header('cache-control', NO_STORE);
  return jobs.listFailedJobs(ctx);
});

  owner.post(api.jobRetry, { params: IdParams, response: { 200: MessageResponse } }, async (_ownerId, request) => {
    await jobs.retryJob(ctx, request.params.id);
    return { message: 'Trying it again' };
  });

  owner.delete(api.job, { params: IdParams, response: { 200: MessageResponse } }, async (_ownerId, request) => {
    await jobs.dismissJob(ctx, request.params.id);
    return { message: 'Dismissed' };
  });
};
