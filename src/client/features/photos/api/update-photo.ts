import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Photo, type UpdatePhotoRequest } from '#contract/photos.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getPhotosQueryOptions } from './get-photos.ts';

export interface UpdatePhotoVariables {
  id: number;
  changes: UpdatePhotoRequest;
}

/** Title, description, link and, for a release, its track list; the image stays as it is. */
export function updatePhoto({ id, changes }: UpdatePhotoVariables): Promise<Photo> {
  return apiClient.put(pathTo(api.photo, { id }), changes, { schema: Photo });
}

export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoto,
    onSuccess: async () => {
      toast({ title: t`Photo updated` });
      await queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to update photo`), variant: 'destructive' });
    },
  });
}
