import { useParams } from '#client/lib/router.tsx';
import { AppLayout } from '#client/app/layout.tsx';
import { pathTo, screens } from '#contract/screens.ts';
import { PhotoDetail } from '#client/app/portfolio/photo-detail.tsx';

/** `/photo/:id` and `/:username/photo/:id`; the back button returns to the same family of routes. */
export function PhotoDetailPage() {
  const params = useParams<{ id?: string; username?: string }>();
  const backHref = params.username ? pathTo(screens.userHome, { username: params.username }) : screens.home;
  return (
    <AppLayout>
      <PhotoDetail rawId={params.id} backHref={backHref} />
    </AppLayout>
  );
}
