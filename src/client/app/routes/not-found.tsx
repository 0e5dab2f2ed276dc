import { useLingui } from '@lingui/react/macro';
import { AppLayout } from '#client/app/layout.tsx';
import { NotFoundCard } from '#client/components/not-found-card.tsx';

/** Any other address: the spec's texts, under the site's top bar, with the way home. */
export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <AppLayout>
      <NotFoundCard title={t`404 Page Not Found`} text={t`Did you forget to add the page to the router?`} />
    </AppLayout>
  );
}
