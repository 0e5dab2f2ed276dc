import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Gallery, GalleryThread, GalleryThreads, GalleryVerdict } from '#contract/galleries.ts';
import { api, pathTo } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { i18n } from '#client/lib/i18n.ts';
import { GALLERY_TEXTS } from '#client/features/galleries/lib/gallery-texts.ts';
import { galleryKey, type GalleryAnswer } from './gallery-query.ts';

/** A link's holder's threads: each photo's verdict and comments, the same on every device. */
export const threadsKey = (token: string) => [pathTo(api.galleryComments, { token })];

export function useThreads(token: string, enabled: boolean) {
  return useQuery({
    queryKey: threadsKey(token),
    queryFn: () => apiClient.get<GalleryThreads>(pathTo(api.galleryComments, { token })),
    enabled,
  });
}

/** Puts one photo's thread, as the server answered it, in the holder's list. */
const withThread = (threads: GalleryThreads | undefined, thread: GalleryThread): GalleryThreads | undefined =>
  threads && { threads: [...threads.threads.filter((each) => each.photoId !== thread.photoId), thread] };

export function usePostComment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, text }: { photoId: number; text: string }) =>
      apiClient.post<GalleryThread>(pathTo(api.galleryPhotoComments, { token, photoId }), { text }),
    onSuccess: (thread) => queryClient.setQueryData<GalleryThreads>(threadsKey(token), (threads) => withThread(threads, thread)),
  });
}

export function useSetVerdict(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, verdict }: { photoId: number; verdict: GalleryVerdict }) =>
      apiClient.put<GalleryThread>(pathTo(api.galleryPhotoVerdict, { token, photoId }), { verdict }),
    onSuccess: (thread) => queryClient.setQueryData<GalleryThreads>(threadsKey(token), (threads) => withThread(threads, thread)),
    onError: (error) =>
      toast({ title: i18n._(GALLERY_TEXTS.notSaved), description: errorMessage(error, i18n._(GALLERY_TEXTS.verdictNotSaved)), variant: 'destructive' }),
  });
}

/**
 * A download the browser fetches itself: the count left is taken down on screen at once, and
 * read again from the server a moment later (the browser's request has reached it by then).
 */
export function useCountDownload(token: string) {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData<GalleryAnswer>(galleryKey(token), (answer) =>
      answer?.state === 'open' && answer.gallery.downloadsLeft !== null
        ? { ...answer, gallery: { ...answer.gallery, downloadsLeft: Math.max(0, answer.gallery.downloadsLeft - 1) } satisfies Gallery }
        : answer,
    );
    window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: galleryKey(token) }), 1500);
  };
}
