import type { QueryClient } from '@tanstack/react-query';
import { navigate } from '#client/lib/router.tsx';
import { screens } from '#contract/screens.ts';
import { getUserQueryOptions } from '#client/features/auth/api/get-user.ts';
import { loginPathReturningTo } from '#client/features/auth/lib/return-path.ts';
import { forgetUnsavedChanges } from '#client/lib/unsaved-changes.ts';

/**
 * A 401 while the page believes the owner signed in: the session ended (expired, or signed out
 * elsewhere). Rather than leave the admin up answering every click with "You must be signed in",
 * the owner goes to the login screen, which brings them back here after signing in.
 */
export function handleSessionEnd(queryClient: QueryClient): void {
  const userKey = getUserQueryOptions().queryKey;
  // A visitor's 401 (a wrong password at login) is nothing new.
  if (!queryClient.getQueryData(userKey)) return;
  if (window.location.pathname === screens.login) return;
  queryClient.setQueryData(userKey, null);
  // The page is leaving; the browser must not ask about edits a login screen cannot keep anyway.
  forgetUnsavedChanges();
  // After the failed call's own error toast ("You must be signed in"), which the login screen explains better.
  // The toast store loads with the code that raised that toast, not with the first load.
  setTimeout(() => void import('#client/components/ui/use-toast.ts').then(({ dismissToast }) => dismissToast()), 0);
  navigate(loginPathReturningTo(`${window.location.pathname}${window.location.search}`, { expired: true }));
}
