import { Trans } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import type { Photo } from '#contract/photos.ts';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { sharePhoto } from '#client/features/photos/lib/share-photo.ts';

export function ShareButton({
  photo,
  ...props
}: { photo: Pick<Photo, 'id' | 'title' | 'description'> } & Omit<ButtonProps, 'onClick' | 'children'>) {
  return (
    <Button variant="outline" onClick={() => void sharePhoto(photo)} {...props}>
      <Share2 aria-hidden />
      <Trans>Share</Trans>
    </Button>
  );
}
