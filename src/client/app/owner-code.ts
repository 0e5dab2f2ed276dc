/**
 * The code only a signed-in owner runs: their portfolio page (the Admin tab, "View as visitor",
 * the drag layer and the admin area behind it) and the top bar's Logout. A visitor's first load
 * leaves it out, and a signed-in owner's first screen waits for it under the router's spinner.
 * That spinner is up anyway while the page asks who is signed in (the server answers that question
 * in the page only for a request without a session), so the router fetches this code beside the
 * question, and the login screen while the owner types.
 */
export const loadOwnerPortfolioPage = () => import('#client/app/routes/owner-portfolio.tsx');

export function prefetchOwnerCode(): void {
  // A failure here is met again, and shown, where the code is used.
  loadOwnerPortfolioPage().catch(() => {});
  // The top bar's (app/top-bar.tsx), named here by its path: the bar importing this module would
  // close an import circle through the owner's page.
  import('#client/features/auth/components/logout-button.tsx').catch(() => {});
}
