import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GalleryInvitation, InvitationTemplate, InviteRequest, ResendInvitationRequest, UpdateInvitationTemplateRequest } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { visitorApi } from '#contract/screens.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { categoryLinksKey } from './links.ts';

/** A link's recipients by mail and the state of each one's last invitation. */
export const invitationsKey = (linkId: number) => [pathTo(api.galleryLinkInvitations, { id: linkId })];

/** While a mail is on its way, the list asks again: its state changes on the server. */
export function useInvitations(linkId: number) {
  return useQuery({
    queryKey: invitationsKey(linkId),
    queryFn: () => apiClient.get<GalleryInvitation[]>(pathTo(api.galleryLinkInvitations, { id: linkId })),
    refetchInterval: (query) => (query.state.data?.some((row) => row.state === 'sending') ? 2_000 : false),
  });
}

export function useInvite(linkId: number, categoryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteRequest) => apiClient.post<GalleryInvitation[]>(pathTo(api.galleryLinkInvitations, { id: linkId }), request),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsKey(linkId) });
      await queryClient.invalidateQueries({ queryKey: categoryLinksKey(categoryId) });
    },
  });
}

export function useResendInvitation(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: number; request: ResendInvitationRequest }) =>
      apiClient.post<GalleryInvitation>(pathTo(api.galleryLinkInvitationResend, { id: linkId, invitationId: id }), request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(linkId) }),
    onError: (error) => toast({ title: t`Not sent`, description: errorMessage(error, t`The invitation could not be sent again`), variant: 'destructive' }),
  });
}

const templateKey = [api.galleryInvitationTemplate];

export function useInvitationTemplate(enabled: boolean) {
  return useQuery({ queryKey: templateKey, queryFn: () => apiClient.get<InvitationTemplate>(api.galleryInvitationTemplate), enabled });
}

export function useSaveInvitationTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateInvitationTemplateRequest) => apiClient.put<InvitationTemplate>(api.galleryInvitationTemplate, request),
    onSuccess: (template) => queryClient.setQueryData(templateKey, template),
    onError: (error) => toast({ title: t`Not saved`, description: errorMessage(error, t`The invitation could not be saved`), variant: 'destructive' }),
  });
}

/** The category's photos, for choosing a sneak peek: the owner's list, shared with the admin's. */
export function useCategoryPhotoChoices(categoryId: number, enabled: boolean) {
  return useQuery({
    queryKey: [visitorApi.photos],
    queryFn: () => apiClient.get<Photo[]>(visitorApi.photos),
    enabled,
    select: (photos) => photos.filter((photo) => photo.categoryId === categoryId),
  });
}
