import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudioTrack, AudioTrackList, AudioUploadInfo, UpdateAudioTrackRequest } from '#contract/audio.ts';
import { AUDIO_TITLE_FIELD, AUDIO_UPLOAD_FIELD } from '#contract/audio.ts';
import { api, pathTo } from '#contract/routes.ts';
import { ApiError, apiClient } from '#client/lib/api-client.ts';

/**
 * A release's audio tracks: the list (a visitor's has the ready ones), and the owner's upload
 * (with its progress), title, preview length, order and delete. Keyed by the list's path, so a
 * change refreshes exactly that release's list.
 */

const listPath = (releaseId: number) => pathTo(api.releaseAudio, { id: releaseId });

export const releaseAudioQueryOptions = (releaseId: number) =>
  queryOptions({
    queryKey: [api.releaseAudio, releaseId],
    queryFn: () => apiClient.get<AudioTrackList>(listPath(releaseId)).then((list) => list.tracks),
  });

export function useReleaseAudio(releaseId: number, options: { pollWhileWorking?: boolean } = {}) {
  return useQuery({
    ...releaseAudioQueryOptions(releaseId),
    // The owner watches queued tracks become ready: asked again every 2 s while one is on its way.
    refetchInterval: options.pollWhileWorking
      ? (query) => (query.state.data?.some((track) => track.state === 'queued' || track.state === 'transcoding') ? 2000 : false)
      : false,
  });
}

export function useAudioUploadInfo() {
  return useQuery({ queryKey: [api.audioUpload], queryFn: () => apiClient.get<AudioUploadInfo>(api.audioUpload), staleTime: Infinity });
}

/**
 * Sends one track, reporting the share sent (0 to 1). XMLHttpRequest, not fetch: only it reports
 * an upload's progress.
 */
export function uploadTrack(
  releaseId: number,
  file: File,
  onProgress: (sent: number) => void,
  title?: string,
  previewSeconds?: number | null,
): Promise<AudioTrack> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (title) form.append(AUDIO_TITLE_FIELD, title);
    form.append(AUDIO_UPLOAD_FIELD, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${listPath(releaseId)}${previewSeconds ? `?previewSeconds=${previewSeconds}` : ''}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as AudioTrack);
      else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check the connection and try again.'));
    xhr.send(form);
  });
}

function useInvalidate(releaseId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [api.releaseAudio, releaseId] });
}

export function useUpdateTrack(releaseId: number) {
  const invalidate = useInvalidate(releaseId);
  return useMutation({
    mutationFn: ({ trackId, changes }: { trackId: number; changes: UpdateAudioTrackRequest }) =>
      apiClient.put<AudioTrack>(pathTo(api.releaseAudioTrack, { id: releaseId, trackId }), changes),
    onSettled: invalidate,
  });
}

export function useOrderTracks(releaseId: number) {
  const invalidate = useInvalidate(releaseId);
  return useMutation({
    mutationFn: (ids: number[]) => apiClient.put<AudioTrackList>(pathTo(api.releaseAudioOrder, { id: releaseId }), { ids }),
    onSettled: invalidate,
  });
}

export function useDeleteTrack(releaseId: number) {
  const invalidate = useInvalidate(releaseId);
  return useMutation({
    mutationFn: (trackId: number) => apiClient.delete(pathTo(api.releaseAudioTrack, { id: releaseId, trackId })),
    onSettled: invalidate,
  });
}

export { useInvalidate as useInvalidateReleaseAudio };
