import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { onServer } from '#client/lib/server-render.ts';
import { clsx } from 'clsx';
import { Info, Mail } from '#client/components/ui/icons.tsx';
import { bannerPath } from '#contract/image-urls.ts';
import { BANNER_SIZE } from '#contract/image-sizes.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { pressOnSpace } from '#client/lib/link-as-button.ts';
import { AboutDialog, ContactDialog, preloadAboutDialog, preloadContactDialog } from './lazy-dialogs.tsx';
import { ContactFormWithoutScript } from '#client/features/messages/components/contact-form-without-script.tsx';
import { SocialLinks } from '#client/features/owner/components/social-links.tsx';

/** About and Contact: links drawn as buttons, 44 px high to touch. */
const HEADER_BUTTON = clsx(buttonVariants({ variant: 'outline' }), 'min-h-11');
/** Where the About and Contact links scroll to: clear of the sticky top bar (68 px at most), which covered the heading. */
const LINK_TARGET = 'scroll-mt-20';
/** The About text's heading, in the card's `<noscript>`: where the About link leads without the script. */
const ABOUT_WITHOUT_SCRIPT_ID = 'about-without-script';
/** The plain contact form's heading, in the card's `<noscript>`: where the Contact link leads without the script. */
const CONTACT_WITHOUT_SCRIPT_ID = 'contact-without-script';

/**
 * The header card, shown only when the owner has a title: title, subtitle, the banner
 * behind them, About at the start (the left, or the right in a right-to-left language), Contact
 * at the end and the social links.
 */
export function PortfolioHeader({ owner }: { owner: PortfolioOwner }) {
  const [aboutOpen, setAboutOpen] = useState(false);
  // `?contact` opens the form at once: the page search engines name for asking for a licence. The
  // server draws it closed whatever the query (one page for every visitor); an open dialog adds
  // nothing where the page is drawn (it comes in a portal once its chunk arrives), so hydration
  // finds the same markup.
  const [contactOpen, setContactOpen] = useState(() => !onServer && new URLSearchParams(window.location.search).has('contact'));
  const aboutButton = useRef<HTMLAnchorElement>(null);
  const contactButton = useRef<HTMLAnchorElement>(null);
  if (!owner.portfolioTitle) return null;
  const banner = owner.bannerImage;
  return (
    <section
      aria-labelledby="portfolio-title"
      className={clsx('relative isolate overflow-hidden rounded-lg border bg-card', banner && 'border-transparent text-white')}
    >
      {banner && (
        <>
          <img
            src={bannerPath(banner)}
            alt=""
            width={BANNER_SIZE.width}
            height={BANNER_SIZE.height}
            fetchPriority="high"
            decoding="async"
            className="absolute inset-0 -z-10 size-full object-cover"
          />
          {/* Keeps white text readable on any picture. */}
          <div aria-hidden className="absolute inset-0 -z-10 bg-black/55" />
        </>
      )}
      {/* A phone held sideways has a short screen: the card stays low enough to show photos under it. */}
      <div className="grid gap-6 px-4 py-8 text-center sm:px-8 sm:py-14 [@media(max-height:30rem)]:gap-3 [@media(max-height:30rem)]:py-4">
        <div className="grid gap-3 [@media(max-height:30rem)]:gap-1">
          <h1 id="portfolio-title" className="text-3xl font-bold tracking-tight break-words sm:text-5xl [@media(max-height:30rem)]:text-3xl">
            {owner.portfolioTitle}
          </h1>
          {owner.portfolioSubtitle && (
            <p
              className={clsx(
                'mx-auto max-w-2xl text-base break-words whitespace-pre-line sm:text-lg',
                banner ? 'text-white/90' : 'text-muted-foreground',
              )}
            >
              {owner.portfolioSubtitle}
            </p>
          )}
        </div>
        {/* About at the start and Contact at the end; the social links between them, or under them on a phone. */}
        <div className="flex flex-wrap items-center gap-3 text-foreground sm:flex-nowrap">
          <div className="order-1 flex flex-1 justify-start">
            {/* A link to the text below without the script; with it, the button that opens the dialog (as Contact). */}
            {owner.aboutText && (
              <a
                ref={aboutButton}
                href={`#${ABOUT_WITHOUT_SCRIPT_ID}`}
                role="button"
                aria-haspopup="dialog"
                className={HEADER_BUTTON}
                onPointerEnter={preloadAboutDialog}
                onFocus={preloadAboutDialog}
                onClick={(event) => {
                  event.preventDefault();
                  setAboutOpen(true);
                }}
                onKeyDown={pressOnSpace}
              >
                <Info aria-hidden />
                <Trans>About</Trans>
              </a>
            )}
          </div>
          <div className="order-3 w-full sm:order-2 sm:w-auto">
            <SocialLinks owner={owner} />
          </div>
          <div className="order-2 flex flex-1 justify-end sm:order-3">
            {/* A link to the plain form below without the script; with it, the button that opens the dialog. */}
            {owner.showContactForm && (
              <a
                ref={contactButton}
                href={`#${CONTACT_WITHOUT_SCRIPT_ID}`}
                role="button"
                aria-haspopup="dialog"
                className={HEADER_BUTTON}
                onPointerEnter={preloadContactDialog}
                onFocus={preloadContactDialog}
                onClick={(event) => {
                  event.preventDefault();
                  setContactOpen(true);
                }}
                onKeyDown={pressOnSpace}
              >
                <Mail aria-hidden />
                <Trans>Contact</Trans>
              </a>
            )}
          </div>
        </div>
      </div>
      {/* Without the script no dialog opens: the About link leads to its text, on the card itself. */}
      {owner.aboutText && (
        <noscript>
          <section aria-labelledby={ABOUT_WITHOUT_SCRIPT_ID} className="border-t px-4 py-6 text-start sm:px-8">
            <h2 id={ABOUT_WITHOUT_SCRIPT_ID} className={clsx(LINK_TARGET, 'text-lg font-semibold')}>
              <Trans>About</Trans>
            </h2>
            <p className="mt-2 break-words whitespace-pre-line">{owner.aboutText}</p>
          </section>
        </noscript>
      )}
      {/* Nor the Contact dialog: its form is here, posted as a plain form to the server. */}
      {owner.showContactForm && (
        <noscript>
          <section aria-labelledby={CONTACT_WITHOUT_SCRIPT_ID} className="border-t px-4 py-6 text-start sm:px-8">
            <h2 id={CONTACT_WITHOUT_SCRIPT_ID} className={clsx(LINK_TARGET, 'mb-4 text-lg font-semibold')}>
              <Trans>Contact</Trans>
            </h2>
            <ContactFormWithoutScript ownerId={owner.id} />
          </section>
        </noscript>
      )}
      {owner.aboutText && <AboutDialog
          aboutText={owner.aboutText}
          open={aboutOpen}
          onOpenChange={setAboutOpen}
          opener={() => aboutButton.current}
        />}
      {owner.showContactForm && (
        <ContactDialog
          ownerId={owner.id}
          ownerName={owner.portfolioTitle}
          open={contactOpen}
          onOpenChange={setContactOpen}
          opener={() => contactButton.current}
        />
      )}
    </section>
  );
}
