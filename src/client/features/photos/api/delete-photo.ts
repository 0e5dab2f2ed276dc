import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient, errorMessage } from '#client/lib/api-client.ts';
import { getPhotosQueryOptions } from './get-photos.ts';

export function deletePhoto(id: number): Promise<MessageResponse> {
  return apiClient.delete(pathTo(api.photo, { id }), { schema: MessageResponse });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: async () => {
      toast({ title: 'Photo deleted' });
      await queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete photo'), variant: 'destructive' });
    },
  });
}
