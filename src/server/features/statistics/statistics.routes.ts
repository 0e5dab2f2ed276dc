import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import { StatisticsEvent, StatisticsQuery, StatisticsReport } from '#contract/statistics.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import { countableVisit } from './statistics.request.ts';
import { clientEvents, statisticsReport, type Recorder } from './statistics.service.ts';

/** Beacons per address and minute: a visitor clicking through photos stays far below it. */
const EVENTS_LIMIT = { limit: 120, windowMs: 60_000 };

export interface StatisticsRoutesOptions extends AppContext {
  /** Null when STATISTICS=off: beacons are accepted and forgotten, the report is empty. */
  recorder: Recorder | null;
  /** Tells the screen a path shows (the pages' own matcher). */
  matchRoute: (pathname: string) => Parameters<typeof clientEvents>[1];
}

export const statisticsRoutes: FastifyPluginAsync<StatisticsRoutesOptions> = async (app, options) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const owner = ownerRoutes(app);
  const { recorder, matchRoute } = options;

  routes.post(
    api.events,
    { schema: { body: StatisticsEvent, response: { 202: MessageResponse } } },
    async (request, reply) => {
      const visit = recorder && !request.user ? countableVisit(request) : null;
      if (recorder && visit) {
        await rateLimits.consume(options, rateLimits.limitKey('events:ip', visit.address), EVENTS_LIMIT);
        const event = request.body;
        const events = clientEvents(event, event.kind === 'view' ? matchRoute(event.path.split('?')[0] ?? '/') : null);
        if (events.length) recorder.record(visit, events);
      }
      return reply.code(202).send({ message: 'Thank you' });
    },
  );

  owner.get(api.statistics, { querystring: StatisticsQuery, response: { 200: StatisticsReport } }, async (ownerId, request) =>
    statisticsReport(options, recorder, ownerId, request.query.days),
  );
};
