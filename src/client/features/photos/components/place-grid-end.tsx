import { Trans, useLingui } from '@lingui/react/macro';
import { DrawMore } from '#client/components/draw-more.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { usePlacePhotos } from '#client/features/photos/api/get-place-photos.ts';

/**
 * The last cell of a place's grid in the admin: it asks for the next page once near the screen,
 * shows one on its way, and offers to try again when one failed (the tiles fetched stay).
 */
export function PlaceGridEnd({ place }: { place: ReturnType<typeof usePlacePhotos> }) {
  const { t } = useLingui();
  if (place.end === 'done') return null;
  if (place.end === 'more') return <DrawMore key={`${place.photos.length}/${place.version}`} as="li" onNear={place.more} />;
  return (
    <li data-grid-end className="col-span-full flex items-center justify-center gap-2 py-3">
      {place.end === 'loading' ? (
        <Spinner label={t`Loading photos`} />
      ) : (
        <>
          <p role="alert" className="text-sm">
            <Trans>These photos could not be loaded.</Trans>
          </p>
          <Button variant="outline" className="h-11 sm:h-9" onClick={place.retry}>
            <Trans>Try again</Trans>
          </Button>
        </>
      )}
    </li>
  );
}
