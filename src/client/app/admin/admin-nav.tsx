import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type MouseEvent } from 'react';
import { ChartColumn, Images, Inbox, SlidersHorizontal, UserRound, type LucideIcon } from 'lucide-react';
import type { AdminSection } from '#contract/admin-sections.ts';
import { Link } from '#client/lib/router.tsx';
import { confirmDiscard, forgetUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { cn } from '#client/lib/utils.ts';
import { useMessages } from '#client/features/messages/api/get-messages.ts';
import { useNotices } from '#client/features/galleries/api/activity.ts';

const sectionIcons: Record<AdminSection, LucideIcon> = {
  photos: Images,
  settings: SlidersHorizontal,
  messages: Inbox,
  account: UserRound,
  statistics: ChartColumn,
};

/**
 * The admin's sections, one link each, the open one marked. Wide screens get a column beside the
 * section that stays in sight while it scrolls; narrower ones a row under the top bar that
 * scrolls sideways when the links do not fit, and stays in sight too. Its top follows the part
 * of the top bar that stays: 61 px on a phone (styles.css), 65 px from `sm`.
 */
export function AdminNav({
  current,
  hrefOf,
  onReopen,
}: {
  current: AdminSection;
  hrefOf: (section: AdminSection) => string;
  /** The open section's link was followed again: back to its start. */
  onReopen: () => void;
}) {
  // The inbox's list, which its panel reads too: the count costs no request of its own.
  // With the unread notices of the gallery links, shown in the same section.
  const unread = (useMessages().data?.unread ?? 0) + (useNotices().data?.unread ?? 0);
  const list = useRef<HTMLUListElement>(null);
  const { t } = useLingui();
  const sectionLinks: { section: AdminSection; label: string }[] = [
    { section: 'photos', label: t`Photos` },
    { section: 'settings', label: t`Settings` },
    { section: 'messages', label: t`Messages` },
    { section: 'account', label: t`Account` },
    { section: 'statistics', label: t`Statistics` },
  ];

  // In the row, the open section's link is scrolled into sight (a link to Statistics, opened on a phone).
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector('[aria-current="page"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    const [shown, wanted] = [row.getBoundingClientRect(), link.getBoundingClientRect()];
    if (wanted.left < shown.left) row.scrollLeft -= shown.left - wanted.left + 16;
    else if (wanted.right > shown.right) row.scrollLeft += wanted.right - shown.right + 16;
  }, [current]);

  const follow = (section: AdminSection) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (section === current) {
      event.preventDefault();
      onReopen();
      return;
    }
    // Another section unmounts this one's forms: an unsaved edit is asked about first.
    if (!confirmDiscard()) {
      event.preventDefault();
      return;
    }
    forgetUnsavedChanges();
  };

  return (
    <nav
      aria-label={t`Admin sections`}
      data-admin-nav
      className="sticky top-[61px] z-30 -mx-4 min-w-0 border-b bg-background sm:top-[65px] sm:-mx-6 lg:top-20 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent"
    >
      {/* The row fades out at its end (the left in a right-to-left page): there is more to scroll to on a phone. */}
      <ul
        ref={list}
        className="flex gap-1 overflow-x-auto overscroll-x-contain py-1 ps-4 pe-8 [mask-image:linear-gradient(to_right,#000_calc(100%-1.5rem),transparent)] sm:ps-6 lg:flex-col lg:overflow-visible lg:p-0 rtl:[mask-image:linear-gradient(to_left,#000_calc(100%-1.5rem),transparent)] lg:[mask-image:none] rtl:lg:[mask-image:none]"
      >
        {sectionLinks.map(({ section, label }) => {
          const isCurrent = section === current;
          const Icon = sectionIcons[section];
          return (
            <li key={section} className="shrink-0">
              <Link
                href={hrefOf(section)}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={follow(section)}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-md px-2.5 text-sm sm:px-3 font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  // Marked by more than colour: a bar under it in the row, beside it in the column.
                  isCurrent &&
                    'bg-secondary font-semibold text-foreground shadow-[inset_0_-3px_0_var(--color-primary)] lg:shadow-[inset_3px_0_0_var(--color-primary)] rtl:lg:shadow-[inset_-3px_0_0_var(--color-primary)]',
                )}
              >
                {/* Words alone on a phone, so more of the row fits. */}
                <Icon className="size-4 shrink-0 max-sm:hidden" aria-hidden />
                {label}
                {section === 'messages' && unread > 0 && (
                  <span className="ms-auto min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-primary-foreground tabular-nums">
                    {unread}
                    <span className="sr-only">
                      {' '}
                      <Trans>unread</Trans>
                    </span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
