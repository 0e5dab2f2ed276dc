import type { Generated, Selectable } from 'kysely';
import type { AudioTrackState } from '#contract/audio.ts';

/** One audio track of a release (migration 0024). */
export interface ReleaseTrackTable {
  id: Generated<number>;
  photoId: number;
  position: number;
  title: string;
  state: AudioTrackState;
  /** Why the preview could not be made, while failed. */
  error: string | null;
  /** The upload as it came, in the originals store. */
  original: string;
  /** The name the file was uploaded under; never shown to visitors. */
  originalName: string | null;
  /** The original's length, from ffprobe at upload. */
  sourceMs: number;
  /** The preview is the first N seconds; null for the whole track. */
  previewSeconds: number | null;
  /** The preview in the restricted store; null until made. */
  preview: string | null;
  previewMs: number | null;
  /** JSON: the waveform's min/max pairs, flat. */
  peaks: string | null;
  createdAt: string;
  updatedAt: string;
}
export type ReleaseTrackRow = Selectable<ReleaseTrackTable>;
