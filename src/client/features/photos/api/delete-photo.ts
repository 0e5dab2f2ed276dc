import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TrashedResponse } from '#contract/photos.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getPhotosQueryOptions } from './get-photos.ts';
import { offerPhotoUndo } from './bulk-photos.ts';

/** Into the server's trash: Undo can bring it back for a while. */
export function deletePhoto(id: number): Promise<TrashedResponse> {
  return apiClient.delete(pathTo(api.photo, { id }), { schema: TrashedResponse });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: async (answer) => {
      offerPhotoUndo(queryClient, answer);
      await queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to delete photo`), variant: 'destructive' });
    },
  });
}
