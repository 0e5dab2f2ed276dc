import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EditPhotosResponse, type EditPhotosRequest } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { getPhotosQueryOptions } from './get-photos.ts';

/** One change for a selection of photos (title prefix, credit, licence, alt text), all or nothing. */
export function editPhotos(request: EditPhotosRequest): Promise<EditPhotosResponse> {
  return apiClient.post(api.photosEdit, request, { schema: EditPhotosResponse });
}

/**
 * Confirms with a toast, saying which titles were cut to fit; a failure is the caller's to show,
 * in the dialog that is still open. Every photo list is refetched either way.
 */
export function useEditPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPhotos,
    onSuccess: (answer) => {
      const cut = answer.shortened.length;
      toast({
        title: answer.message,
        ...(cut > 0 ? { description: `${cut === 1 ? '1 title was' : `${cut} titles were`} shortened to fit 255 characters.` } : {}),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey }),
  });
}
