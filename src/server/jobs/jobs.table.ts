import type { Generated, Selectable } from 'kysely';

/** queued: waits for `runAt`; running: a worker holds it until `lockedUntil`; done and failed are final. */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: Generated<number>;
  /** The kind of job, `feature.what` (`renditions.render`), which names its handler. */
  name: string;
  /** JSON of the kind's payload. */
  payload: string;
  /** At most one queued job has a key: asking again while it waits asks for nothing more. */
  key: string | null;
  state: JobState;
  runAt: string;
  /** Attempts started, this one included while it runs. */
  attempts: Generated<number>;
  maxAttempts: number;
  /** Higher first among due jobs: what someone waits for goes before background work. */
  priority: Generated<number>;
  /** The worker that holds a running job (`host/pid/random`), and until when it may. */
  lockedBy: string | null;
  lockedUntil: string | null;
  /** Why the last attempt failed; kept when a later one succeeds is not needed, so cleared then. */
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export type JobRow = Selectable<JobTable>;
