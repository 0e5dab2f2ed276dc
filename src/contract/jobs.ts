import { z } from 'zod';

/**
 * Background work the owner may need to know of: a job that failed on its last attempt (a photo's
 * copies that could not be moved or rendered, a mail the server could not send). The owner tries
 * it again, or dismisses it once read.
 */

/** What each kind of job does, in the owner's words. */
export const JOB_DESCRIPTIONS: Record<string, string> = {
  'renditions.place': "Moving photos' copies into or out of public view",
  'renditions.refresh': 'Finding the photos whose copies need new rights or a new watermark',
  'renditions.render': "Rendering a photo's copies with its rights and watermark",
  'renditions.delete': 'Removing the old copies of re-rendered photos',
  'renditions.delete-original': 'Removing the old original of a photo whose file was replaced',
  'mail.send': 'Sending a mail',
  'trash.purge': 'Emptying the trash',
  'rate-limits.prune': 'Forgetting ended rate limits',
  'auth.prune': 'Forgetting ended sign-in links and remembered devices',
  'statistics.roll-up': "Counting yesterday's visitors",
  'jobs.prune': 'Forgetting finished background work',
};

export const FailedJob = z.object({
  id: z.number().int(),
  /** The kind's name, `feature.what`. */
  kind: z.string(),
  description: z.string(),
  /** Why the last attempt failed. */
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const FailedJobs = z.object({ jobs: z.array(FailedJob) });
export type FailedJobs = z.infer<typeof FailedJobs>;
