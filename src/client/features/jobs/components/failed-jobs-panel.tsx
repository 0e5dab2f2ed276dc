import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useDismissJob, useFailedJobs, useRetryJob } from '#client/features/jobs/api/failed-jobs.ts';
import { jobDescription } from '#client/features/jobs/lib/job-descriptions.ts';
import { formatDateTime as when } from '#client/lib/formats.ts';

/**
 * Background work that failed on its last attempt (copies that could not be moved or rendered, a
 * mail that could not be sent), above the rest of the admin; nothing at all while there is none.
 */
export function FailedJobsPanel() {
  const failed = useFailedJobs();
  const retry = useRetryJob();
  const dismiss = useDismissJob();
  // Drawn again on a switch of language: the jobs' descriptions are read while drawing.
  useLingui();
  const jobs = failed.data?.jobs ?? [];
  if (jobs.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="failed-jobs-heading" className="border-destructive/50">
      <CardHeader>
        <CardTitle id="failed-jobs-heading" className="flex items-center gap-2 text-xl">
          <TriangleAlert className="size-5 text-destructive" aria-hidden />
          <Trans>Background work that failed</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Each was tried several times. Try it again once the cause is fixed (a full disk, a mail server that was down), or dismiss it.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border">
          {jobs.map((job) => (
            <li key={job.id} className="grid gap-2 p-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="grid gap-0.5">
                <p className="font-medium">{jobDescription(job)}</p>
                <p className="text-sm break-words text-muted-foreground">{job.error}</p>
                <p className="text-xs text-muted-foreground">
                  {when(job.failedAt)} · <Plural value={job.attempts} one="# attempt" other="# attempts" />
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" className="min-h-11" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
                  <Trans>Try again</Trans>
                </Button>
                <Button variant="ghost" className="min-h-11" disabled={dismiss.isPending} onClick={() => dismiss.mutate(job.id)}>
                  <Trans>Dismiss</Trans>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
