import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';

/**
 * A music release's audio tracks (docs/decisions/0013-audio-previews.md): the owner uploads a WAV,
 * FLAC or MP3 per track; the server keeps it as the original and serves a compact preview (AAC in
 * MP4) with a waveform of min/max pairs, both made by a background job.
 */

/** The formats a track may be uploaded in, by the name ffprobe gives their container. */
export const AUDIO_FORMATS = { wav: 'WAV', flac: 'FLAC', mp3: 'MP3' } as const;
export type AudioFormat = keyof typeof AUDIO_FORMATS;
/** For the file picker. */
export const AUDIO_ACCEPT = {
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/flac': ['.flac'],
  'audio/mpeg': ['.mp3'],
} as const;

/** The form field a track's file comes in; a `title` field may go before it. */
export const AUDIO_UPLOAD_FIELD = 'track';
export const AUDIO_TITLE_FIELD = 'title';
/** How many tracks a release may have: the track list's own limit. */
export const AUDIO_TRACKS_MAX = 100;
/** How many min/max pairs a waveform has, whatever the track's length. */
export const PEAK_PAIRS = 1000;
/** A preview cut to its first N seconds: at least 1 s, at most 10 min. */
export const PREVIEW_SECONDS_MIN = 1;
export const PREVIEW_SECONDS_MAX = 600;

export const AUDIO_TRACK_STATES = ['queued', 'transcoding', 'ready', 'failed'] as const;
export type AudioTrackState = (typeof AUDIO_TRACK_STATES)[number];

const TrackTitle = z
  .string()
  .trim()
  .min(1, 'Track title is required')
  .max(200)
  .refine(withoutControls(), controlsMessage('Track title'));

const PreviewSeconds = z.number().int().min(PREVIEW_SECONDS_MIN).max(PREVIEW_SECONDS_MAX);

export const AudioTrack = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(AUDIO_TRACK_STATES),
  /** Why the preview could not be made; only while failed (the owner's view). */
  error: z.string().nullable(),
  /** The preview's length (ms); null until it is made. */
  durationMs: z.number().int().nullable(),
  /** The preview is the first N seconds; null for the whole track. */
  previewSeconds: z.number().int().nullable(),
  /** Where the preview plays from (byte ranges); null until it is made. */
  previewUrl: z.string().nullable(),
  /** The waveform: PEAK_PAIRS pairs of min, max, each -127…127, flat; null until made. */
  peaks: z.array(z.number().int().min(-127).max(127)).nullable(),
});
export type AudioTrack = z.infer<typeof AudioTrack>;

/** A release's tracks in play order: a visitor gets the ready ones only. */
export const AudioTrackList = z.object({ tracks: z.array(AudioTrack) });
export type AudioTrackList = z.infer<typeof AudioTrackList>;

export const AudioTrackParams = z.object({
  id: z.coerce.number().int().positive(),
  trackId: z.coerce.number().int().positive(),
});

/** The upload's query: the preview's length, when only the first seconds are heard. */
export const UploadAudioQuery = z.object({
  previewSeconds: z.coerce.number().pipe(PreviewSeconds).optional(),
});

/** A new title, another preview length (null: the whole track), or both; what is left out stays. */
export const UpdateAudioTrackRequest = z.object({ title: TrackTitle.optional(), previewSeconds: PreviewSeconds.nullable().optional() });
export type UpdateAudioTrackRequest = z.infer<typeof UpdateAudioTrackRequest>;

/** Every track of the release, each once, in the new order. */
export const OrderAudioTracksRequest = z.object({ ids: z.array(z.number().int().positive()).max(AUDIO_TRACKS_MAX) });
export type OrderAudioTracksRequest = z.infer<typeof OrderAudioTracksRequest>;

export const AudioFileParams = z.object({ name: z.string().regex(/^[0-9a-f]{32}\.m4a$/, 'Not a preview') });

/** What a track upload takes on this server: false with the package to install when ffmpeg is missing. */
export const AudioUploadInfo = z.object({
  available: z.boolean(),
  package: z.string().nullable(),
  maxFileBytes: z.number().int(),
  maxSeconds: z.number().int(),
});
export type AudioUploadInfo = z.infer<typeof AudioUploadInfo>;
