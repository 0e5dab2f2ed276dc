import { plural } from '@lingui/core/macro';
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
    onSuccess: (answer, request) => {
      const cut = answer.shortened.length;
      // The server's words, in the owner's language: one photo or how many.
      toast({
        title: plural(request.ids.length, { one: 'Photo updated', other: '# photos updated' }),
        ...(cut > 0
          ? { description: plural(cut, { one: '# title was shortened to fit 255 characters.', other: '# titles were shortened to fit 255 characters.' }) }
          : {}),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey }),
  });
}
