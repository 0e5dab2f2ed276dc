/**
 * First-party statistics: what the client reports with a beacon, and the owner's
 * report. Nothing here names a visitor: the server keeps daily counts and a daily-salted hash.
 */
import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';

const PhotoId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A service name as `musicServiceName` gives it, or the fallback's label; short plain text. */
const ServiceName = z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N} .&'-]+$/u, 'a service name');

/**
 * One event from the client. The first page load is counted by the server when it sends the
 * HTML; the client reports only what happens after: another screen of the app, a photo opened in
 * the viewer, a release opened, a click to a streaming service.
 */
export const StatisticsEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('view'), path: z.string().startsWith('/').max(300).refine(withoutControls(), controlsMessage('The path')) }),
  z.object({ kind: z.literal('viewer'), photoId: PhotoId }),
  z.object({ kind: z.literal('release'), photoId: PhotoId }),
  z.object({ kind: z.literal('stream'), photoId: PhotoId, service: ServiceName }),
]);
export type StatisticsEvent = z.infer<typeof StatisticsEvent>;

export const STATISTICS_RANGES = [30, 90, 365] as const;
export type StatisticsRange = (typeof STATISTICS_RANGES)[number];

export const StatisticsQuery = z.object({
  days: z.enum(['30', '90', '365'], { message: 'days must be 30, 90 or 365' }).default('30').transform(Number),
});

const Ranked = z.object({ name: z.string(), count: z.number().int() });
const RankedPhoto = z.object({ id: z.number().int(), title: z.string(), count: z.number().int() });

export const StatisticsReport = z.object({
  days: z.number().int(),
  /** One row per day of the range, oldest first, today last (UTC days). */
  series: z.array(z.object({ date: z.string(), visitors: z.number().int(), views: z.number().int() })),
  totals: z.object({
    visitors: z.number().int(),
    views: z.number().int(),
    viewerOpens: z.number().int(),
    streamClicks: z.number().int(),
  }),
  topPages: z.array(Ranked),
  /** Page views and viewer opens of the photos, by photo. */
  topPhotos: z.array(RankedPhoto),
  /** The same, by the photos' category. */
  topCategories: z.array(Ranked),
  /** Releases opened. */
  topReleases: z.array(RankedPhoto),
  topReferrers: z.array(Ranked),
  topServices: z.array(Ranked),
  /** Clicks per release and service. */
  streamClicks: z.array(z.object({ id: z.number().int(), title: z.string(), service: z.string(), count: z.number().int() })),
});
export type StatisticsReport = z.infer<typeof StatisticsReport>;
