import type { PhotoWithCategory } from '#contract/photos.ts';
import { usePhoto } from '#client/features/photos/api/get-photo.ts';
import { PhotoDialog } from './lazy-dialogs.tsx';
import { useCategoryPhotos } from './use-category-photos.ts';

interface ViewerAroundPhotoProps {
  /** The photo the viewer was opened on, which the first pages of the portfolio do not hold. */
  anchorId: number;
  photoId: number | null;
  onPhotoIdChange: (photoId: number | null) => void;
  autoplayVideos?: boolean;
}

/** The viewer over the photos around `anchorId` in its own section, as the photo page steps through them. */
export function ViewerAroundPhoto({ anchorId, ...rest }: ViewerAroundPhotoProps) {
  const anchor = usePhoto(anchorId);
  return anchor.data ? <ViewerAround anchor={anchor.data} {...rest} /> : null;
}

function ViewerAround({ anchor, photoId, onPhotoIdChange, autoplayVideos }: { anchor: PhotoWithCategory } & Omit<ViewerAroundPhotoProps, 'anchorId'>) {
  const part = useCategoryPhotos(anchor);
  return (
    <PhotoDialog
      photos={part.photos}
      total={part.total}
      offset={part.offset}
      photoId={photoId}
      onPhotoIdChange={onPhotoIdChange}
      autoplayVideos={autoplayVideos ?? false}
    />
  );
}
