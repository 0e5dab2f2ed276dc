import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { ParamsProvider, useLocation } from '#client/lib/router.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { matchScreen, type ScreenName } from '#contract/screens.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { PortfolioPage } from '#client/app/routes/portfolio.tsx';
import { viewerBackground } from '#client/app/portfolio/viewer-history.ts';
import { countEvent } from '#client/lib/statistics.ts';
import { prefetchOwnerCode } from './owner-code.ts';
import { addSectionCatalog, type SectionCatalog } from '#client/lib/i18n.ts';
import { GALLERY_CATALOG, SIGN_IN_CATALOG } from './section-catalogs.ts';

/** A lazy screen with its catalog: drawn once both are there, in the page's language. */
function withCatalog<Module>(section: SectionCatalog, screen: Promise<Module>): Promise<Module> {
  return Promise.all([screen, addSectionCatalog(section)]).then(([module]) => module);
}

// The sign-in screens and their form library load only when opened: a visitor of the portfolio
// never downloads them.
const LoginPage = lazy(() =>
  withCatalog(SIGN_IN_CATALOG, import('#client/app/routes/login.tsx')).then((module) => ({ default: module.LoginPage })),
);
const ForgotPasswordPage = lazy(() =>
  withCatalog(SIGN_IN_CATALOG, import('#client/app/routes/forgot-password.tsx')).then((module) => ({ default: module.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  withCatalog(SIGN_IN_CATALOG, import('#client/app/routes/reset-password.tsx')).then((module) => ({ default: module.ResetPasswordPage })),
);
// The photo page (a shared link's landing page) loads apart from the portfolio's first load; on
// `/photo/…` the server names its chunks in the page, fetched once it is shown (lib/later-scripts.ts).
const PhotoDetailPage = lazy(() =>
  import('#client/app/routes/photo-detail.tsx').then((module) => ({ default: module.PhotoDetailPage })),
);
// Neither is a visitor's first page: they stay out of the first load too.
const ClearCachePage = lazy(() => import('#client/app/routes/clear-cache.tsx').then((module) => ({ default: module.ClearCachePage })));
const NotFoundPage = lazy(() => import('#client/app/routes/not-found.tsx').then((module) => ({ default: module.NotFoundPage })));
// A client's gallery, opened from the owner's link.
const GalleryPage = lazy(() =>
  withCatalog(GALLERY_CATALOG, import('#client/app/routes/gallery.tsx')).then((module) => ({ default: module.GalleryPage })),
);

const screenPages: Record<ScreenName, ComponentType> = {
  login: LoginPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  clearCache: ClearCachePage,
  home: PortfolioPage,
  photo: PhotoDetailPage,
  userHome: PortfolioPage,
  userPhoto: PhotoDetailPage,
  gallery: GalleryPage,
};

/** The screen `path` shows, with its `:name` values; else Not Found. */
function screenAt(path: string): { Screen: ComponentType; params: Record<string, string> } {
  const match = matchScreen(path);
  return match ? { Screen: screenPages[match.screen], params: match.params } : { Screen: NotFoundPage, params: {} };
}

/**
 * Counts a move to another screen inside the app. The first screen is not reported: the server
 * counted it when it sent the page. The viewer opening over a page is no new screen.
 */
function useCountScreens(screen: string, signedIn: boolean) {
  const last = useRef(screen);
  useEffect(() => {
    if (screen === last.current) return;
    last.current = screen;
    if (!signedIn) countEvent({ kind: 'view', path: screen });
  }, [screen, signedIn]);
}

export function AppRouter() {
  const { isLoading, isAuthenticated } = useAuth();
  const [location] = useLocation();
  // With the photo viewer open, the address is the photo's, but the page under it stays drawn.
  const background = viewerBackground(location);
  useCountScreens(background ?? location, isAuthenticated);
  // Not known yet who is looking: the page came with a session cookie, so it is likely the owner,
  // whose code comes beside the answer rather than after it.
  useEffect(() => {
    if (isLoading) prefetchOwnerCode();
  }, [isLoading]);

  const loading = (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
  if (isLoading) return loading;

  const { Screen, params } = screenAt(background ?? location);
  return (
    <Suspense fallback={loading}>
      <ParamsProvider value={params}>
        <Screen />
      </ParamsProvider>
    </Suspense>
  );
}
