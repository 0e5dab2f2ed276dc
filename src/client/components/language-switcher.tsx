import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Languages } from '#client/components/ui/icons.tsx';
import { chooseLanguage, currentLanguage } from '#client/lib/i18n.ts';
import { isLanguage, LANGUAGE_NAMES, type Language } from '#contract/languages.ts';

/**
 * The visitor's choice among the languages the owner offers: a native select (every browser's
 * own accessible list, on a phone its own picker), drawn as the icon and the language's short
 * code so it takes 44 px square in the top bar. Each language is listed in its own words.
 * Nothing when the site offers one language.
 */
export function LanguageSwitcher({ languages, className }: { languages: readonly Language[]; className?: string }) {
  const { t, i18n } = useLingui();
  const [choosing, setChoosing] = useState(false);
  if (languages.length < 2) return null;
  // The language every text is in now (i18n.locale follows it, so this re-renders on a switch).
  const current = i18n.locale && isLanguage(i18n.locale) ? i18n.locale : currentLanguage();
  return (
    <label
      className={clsx(
        'relative inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium',
        'hover:bg-accent hover:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        choosing && 'opacity-60',
        className,
      )}
    >
      <Languages aria-hidden className="size-5" />
      <span aria-hidden className="uppercase">
        {current}
      </span>
      <select
        aria-label={t`Language`}
        value={current}
        disabled={choosing}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          setChoosing(true);
          void chooseLanguage(language).finally(() => setChoosing(false));
        }}
        // The control itself covers the drawing: a tap or a click anywhere on it opens the list.
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
