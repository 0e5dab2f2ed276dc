import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LANGUAGE_NAMES, type Language } from '#contract/languages.ts';
import { FormField } from '#client/components/form-field.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useAuth } from '#client/features/auth/index.ts';

/**
 * The language of a new link's client, among those the site offers: its address carries it
 * (`?lang=`), so the gallery opens in it, and its mails are written in it. Nothing to choose on a
 * site that offers one language.
 */
export function LinkLanguageField({ value, onChange }: { value: Language | null; onChange: (language: Language | null) => void }) {
  const id = useId();
  const { t } = useLingui();
  // The signed-in owner's settings: the languages the site offers.
  const owner = useAuth().user;
  if (!owner || owner.languages.length < 2) return null;
  const siteDefault = LANGUAGE_NAMES[owner.defaultLanguage];
  return (
    <FormField id={id} label={t`Client's language`} hint={t`The gallery opens in it, and its mails are written in it.`}>
      {(control) => (
        <NativeSelect
          {...control}
          data-link-language=""
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as Language))}
        >
          <option value="">{t`The site's default (${siteDefault})`}</option>
          {owner.languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
