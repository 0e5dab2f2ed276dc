import { lazy, useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Moon, Sun } from '#client/components/ui/icons.tsx';
import { Link } from '#client/lib/router.tsx';
import { clsx } from 'clsx';
import { brandNameOf } from '#contract/site-name.ts';
import { Button } from '#client/components/ui/button.tsx';
import { LanguageSwitcher } from '#client/components/language-switcher.tsx';
import { screens } from '#contract/screens.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { usePortfolioOwner } from '#client/features/owner/api/get-portfolio-owner.ts';
import { applyOwnerLook, chooseTheme, isDarkAsDrawn, isDarkNow, onThemeChange } from '#client/lib/theme.ts';

// Only the signed-in owner has it: it loads with the owner's code (app/owner-code.ts). No Suspense
// of its own: the owner's first screen waits for it under the router's spinner, so the bar never
// changes once drawn.
const LogoutButton = lazy(() =>
  import('#client/features/auth/components/logout-button.tsx').then((module) => ({ default: module.LogoutButton })),
);

/**
 * The spec's top bar (name, tabs, the owner's Logout), or for visitors when the owner asks for it
 * a compact one: the name and the theme toggle in 56 px, without the Portfolio tab that does
 * nothing for a visitor, sliding away while they scroll down and back when they scroll up.
 */
export function TopBar({ tabs }: { tabs?: ReactNode }) {
  const { user, isLoading } = useAuth();
  const owner = usePortfolioOwner().data;
  const { themeDefault, headingFont } = owner ?? {};
  useEffect(() => {
    if (themeDefault && headingFont) applyOwnerLook({ themeDefault, headingFont });
  }, [themeDefault, headingFont]);
  // Never compact while it is unknown who is looking: the owner's bar must not jump.
  const compact = owner?.compactTopBar === true && !isLoading && !user;
  const hidden = useHiddenWhileScrollingDown(compact);
  const brand = (
    <Link
      href={screens.home}
      data-heading
      // 44 px to touch on a phone, in the row's height of its text.
      className="-my-2 min-w-0 truncate rounded-sm py-2 text-lg sm:my-0 sm:py-0 font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {brandNameOf(owner)}
    </Link>
  );

  if (compact) {
    return (
      <header
        data-compact-top-bar
        // Focus inside (a keyboard user tabbing back up) brings it back.
        onFocus={() => hidden.show()}
        className={clsx(
          'sticky top-0 z-40 h-14 border-b bg-background motion-safe:transition-transform motion-safe:duration-200',
          hidden.value && '-translate-y-full',
        )}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          {brand}
          <div className="flex shrink-0 items-center gap-1">
            <LanguageSwitcher languages={owner?.languages ?? []} />
            <ThemeToggle />
          </div>
        </div>
      </header>
    );
  }

  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div
        className={clsx(
          'mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:flex-nowrap sm:px-6',
          // The owner's bar on a phone: two rows in every language. First the name, the language,
          // the theme and Logout: Logout as wide as its words and the username, as far as the
          // name's least 3.5rem leaves (the username is cut short then); the name takes the rest
          // (cut short itself where it is longer). Then the tabs, with View as visitor.
          user && 'max-sm:grid max-sm:grid-cols-[minmax(3.5rem,1fr)_auto_minmax(0,auto)] max-sm:gap-x-1.5',
        )}
      >
        {user ? <div className="flex min-w-0">{brand}</div> : brand}
        {tabs && <div className={clsx(user && 'max-sm:col-span-full max-sm:row-start-2')}>{tabs}</div>}
        {/* 44 px to touch, but they take no more height in the row than the name does. */}
        <div className="-my-2 ms-auto flex shrink-0 items-center gap-1">
          <LanguageSwitcher languages={owner?.languages ?? []} />
          <ThemeToggle />
        </div>
        {user && <LogoutButton username={user.username} />}
      </div>
    </header>
  );
}

/** Light or dark, whatever the owner's default; the choice is remembered (lib/theme.ts). */
function ThemeToggle({ className }: { className?: string }) {
  const { t } = useLingui();
  // As the server drew it first (a server-rendered page is taken over as it is), then as it is now.
  const [dark, setDark] = useState(isDarkAsDrawn);
  useEffect(() => onThemeChange(() => setDark(isDarkNow()), { atOnce: true }), []);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t`Dark theme`}
      aria-pressed={dark}
      className={clsx('size-11 shrink-0', className)}
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <Sun aria-hidden className="size-5" /> : <Moon aria-hidden className="size-5" />}
    </Button>
  );
}

/** How far down the page the bar stays put, so a small scroll near the top never hides it. */
const HIDE_AFTER_PX = 56;

function useHiddenWhileScrollingDown(enabled: boolean) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > lastY && y > HIDE_AFTER_PX) setHidden(true);
      else if (y < lastY) setHidden(false);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return { value: enabled && hidden, show: () => setHidden(false) };
}
