import { useLingui } from '@lingui/react/macro';
import type { ComponentType, SVGProps } from 'react';
import { AtSign, Link2, Newspaper } from '#client/components/ui/icons.tsx';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { Button } from '#client/components/ui/button.tsx';

const SOCIAL_LINKS: { field: 'twitterUrl' | 'substackUrl' | 'linktreeUrl'; label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { field: 'twitterUrl', label: 'Twitter', icon: AtSign },
  { field: 'substackUrl', label: 'Substack', icon: Newspaper },
  { field: 'linktreeUrl', label: 'Linktree', icon: Link2 },
];

/** A button per social URL the owner has set; each opens in a new tab. */
export function SocialLinks({ owner }: { owner: PortfolioOwner }) {
  const { t } = useLingui();
  const links = SOCIAL_LINKS.filter(({ field }) => owner[field]);
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center justify-center gap-2" aria-label={t`Social links`}>
      {links.map(({ field, label, icon: Icon }) => (
        <li key={field}>
          <Button asChild variant="outline" size="sm">
            <a href={owner[field] ?? undefined} target="_blank" rel="noopener noreferrer">
              <Icon aria-hidden />
              {label}
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
