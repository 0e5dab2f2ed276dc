import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FailedJob } from '#contract/jobs.ts';
import { i18n } from '#client/lib/i18n.ts';

/**
 * What each kind of background work does, in the owner's language: the contract's
 * `JOB_DESCRIPTIONS` in English, word for word (tests/unit/job-descriptions.test.ts holds them to it).
 */
export const JOB_DESCRIPTION_TEXTS: Record<string, MessageDescriptor> = {
  'renditions.place': msg`Moving photos' copies into or out of public view`,
  'renditions.refresh': msg`Finding the photos whose copies need new rights or a new watermark`,
  'renditions.render': msg`Rendering a photo's copies with its rights and watermark`,
  'renditions.delete': msg`Removing the old copies of re-rendered photos`,
  'renditions.delete-original': msg`Removing the old original of a photo whose file was replaced`,
  'mail.send': msg`Sending a mail`,
  'trash.purge': msg`Emptying the trash`,
  'rate-limits.prune': msg`Forgetting ended rate limits`,
  'auth.prune': msg`Forgetting ended sign-in links and remembered devices`,
  'statistics.roll-up': msg`Counting yesterday's visitors`,
  'jobs.prune': msg`Forgetting finished background work`,
};

/** A failed job's description by its kind; the server's English for a kind this client does not know (a newer server's). */
export function jobDescription(job: Pick<FailedJob, 'kind' | 'description'>): string {
  const text = Object.hasOwn(JOB_DESCRIPTION_TEXTS, job.kind) ? JOB_DESCRIPTION_TEXTS[job.kind] : undefined;
  return text ? i18n._(text) : job.description;
}
