import { jobKind } from '#server/jobs/job-queue.ts';

/**
 * A track's preview and waveform, made from its original after the upload (or after the owner
 * changes how much of it is heard); and the files of deleted tracks, removed once the row is gone.
 */
export const transcodeTrackJob = jobKind<{ trackId: number }>('audio.transcode', { maxAttempts: 3 });
export const removeTrackFilesJob = jobKind<{ originals: string[]; previews: string[] }>('audio.remove-files');
