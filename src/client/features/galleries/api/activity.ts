import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GalleryLinkActivity, Notices, NoticeSettings, UpdateNoticeSettingsRequest } from '#contract/gallery-activity.ts';
import { api, pathTo } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/** The owner's timeline of one link. */
export const linkActivityKey = (linkId: number) => [pathTo(api.galleryLinkActivity, { id: linkId })];

export function useLinkActivity(linkId: number, enabled: boolean) {
  return useQuery({
    queryKey: linkActivityKey(linkId),
    queryFn: () => apiClient.get<GalleryLinkActivity>(pathTo(api.galleryLinkActivity, { id: linkId })),
    enabled,
    // A client may be looking right now: read afresh each time it is opened, and now and then while open.
    staleTime: 0,
    refetchInterval: enabled ? 60_000 : false,
  });
}

const noticesKey = [api.notices];

/** The owner's notices of their links' activity, with the unread count (the admin's badge reads it too). */
export function useNotices() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: () => apiClient.get<Notices>(api.notices),
    staleTime: 0,
    refetchInterval: 5 * 60_000,
  });
}

/** Marks some notices read, or all of them (no ids). */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => apiClient.post<Notices>(api.noticesRead, ids ? { ids } : {}),
    onSuccess: (notices) => queryClient.setQueryData(noticesKey, notices),
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`The notices could not be marked read`), variant: 'destructive' }),
  });
}

const settingsKey = [api.noticeSettings];

export function useNoticeSettings(enabled = true) {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiClient.get<NoticeSettings>(api.noticeSettings), enabled });
}

export function useUpdateNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateNoticeSettingsRequest) => apiClient.put<NoticeSettings>(api.noticeSettings, changes),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
    onError: (error) => toast({ title: t`Not saved`, description: errorMessage(error, t`The notice settings could not be saved`), variant: 'destructive' }),
  });
}
