import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import type { CurrentUser } from '#contract/auth.ts';
import { PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import { ERROR_TEXTS } from '#contract/error-codes.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '#contract/languages.ts';
import { FormField, type FieldControlProps } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { EmailInput, Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useAuth } from '#client/features/auth/index.ts';
import { useUpdatePortfolioSettings } from '#client/features/owner/api/update-portfolio-settings.ts';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { validationText } from '#client/lib/validation-text.ts';
import { BannerUpload } from './banner-upload.tsx';

/** Every setting the form saves; the banner saves itself on upload and removal. */
const SettingsForm = PortfolioSettingsUpdate.pick({
  portfolioTitle: true,
  portfolioSubtitle: true,
  aboutText: true,
  showContactForm: true,
  showCameraDetails: true,
  showOtherSection: true,
  showEmptyCategories: true,
  hideFileNameTitles: true,
  autoplayVideos: true,
  twitterUrl: true,
  substackUrl: true,
  linktreeUrl: true,
  email: true,
  themeDefault: true,
  topBarBrand: true,
  compactTopBar: true,
  headingFont: true,
  defaultLanguage: true,
  languages: true,
})
  .required()
  .extend({ currentPassword: z.string() });
type SettingsFormInput = z.input<typeof SettingsForm>;
type SwitchName = 'showContactForm' | 'showOtherSection' | 'showEmptyCategories' | 'showCameraDetails' | 'compactTopBar' | 'hideFileNameTitles' | 'autoplayVideos';

/** What the portfolio page shows visitors, each an on/off setting with what it does; read while drawing. */
const pageSwitches = (): Array<{ name: SwitchName; label: string; hint: string }> => [
  { name: 'showContactForm', label: t`Show Contact Form`, hint: t`Visitors can send you a message from your portfolio.` },
  { name: 'showOtherSection', label: t`Show unsorted photos as Other`, hint: t`Photos in no category appear to visitors in a last section called Other.` },
  { name: 'showEmptyCategories', label: t`Show empty categories`, hint: t`Visitors see a category without photos, with “No photos in this category yet”.` },
  {
    name: 'showCameraDetails',
    label: t`Show Camera Details`,
    hint: t`The viewer's caption shows each photo's camera, lens and exposure, as the camera recorded them. Never the location.`,
  },
  {
    name: 'hideFileNameTitles',
    label: t`Hide file-name titles`,
    hint: t`Visitors see no title where a photo's title is only its file name, such as IMG_1234 or DSC01234. Signed in, you still see every title.`,
  },
  {
    name: 'autoplayVideos',
    label: t`Play videos on open`,
    hint: t`A video starts playing, muted, when a visitor opens it. Off: it waits for Play.`,
  },
];
type SettingsFormValues = z.output<typeof SettingsForm>;

/** The current password is asked only when the recovery email changes; the server checks it then. */
function settingsFormFor(savedEmail: string | null) {
  return SettingsForm.superRefine((values, issues) => {
    if (values.email !== savedEmail && values.currentPassword === '') {
      issues.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required' });
    }
    if (!values.languages.includes(values.defaultLanguage)) {
      issues.addIssue({ code: 'custom', path: ['defaultLanguage'], message: ERROR_TEXTS['owner.default_language_not_offered'] });
    }
  });
}

/** A setting's error in the owner's language: the contract's words, or the language rule's. */
function settingError(message: string | undefined): string | undefined {
  if (message === ERROR_TEXTS['owner.default_language_not_offered']) return t`The default language must be one of the languages offered`;
  return validationText(message);
}

function toFormValues(user: CurrentUser): SettingsFormInput {
  return {
    portfolioTitle: user.portfolioTitle ?? '',
    portfolioSubtitle: user.portfolioSubtitle ?? '',
    aboutText: user.aboutText ?? '',
    showContactForm: user.showContactForm,
    showCameraDetails: user.showCameraDetails,
    showOtherSection: user.showOtherSection,
    showEmptyCategories: user.showEmptyCategories,
    hideFileNameTitles: user.hideFileNameTitles,
    autoplayVideos: user.autoplayVideos,
    twitterUrl: user.twitterUrl ?? '',
    substackUrl: user.substackUrl ?? '',
    linktreeUrl: user.linktreeUrl ?? '',
    email: user.email ?? '',
    themeDefault: user.themeDefault,
    topBarBrand: user.topBarBrand,
    compactTopBar: user.compactTopBar,
    headingFont: user.headingFont,
    defaultLanguage: user.defaultLanguage,
    languages: user.languages,
    currentPassword: '',
  };
}

/**
 * Values arrive trimmed, blanks as null; a blank title is left out rather than cleared. The
 * password goes only with a changed recovery email.
 */
function toChanges({ portfolioTitle, currentPassword, ...rest }: SettingsFormValues, savedEmail: string | null): PortfolioSettingsUpdate {
  const changes = rest.email === savedEmail ? rest : { ...rest, currentPassword };
  return portfolioTitle === null ? changes : { portfolioTitle, ...changes };
}

export function PortfolioSettingsPanel() {
  const { user } = useAuth();
  if (!user) return null;
  return <PortfolioSettingsCard user={user} />;
}

function PortfolioSettingsCard({ user }: { user: CurrentUser }) {
  const save = useUpdatePortfolioSettings();
  const resolver = useMemo(() => zodResolver(settingsFormFor(user.email)), [user.email]);
  const form = useForm({ resolver, defaultValues: toFormValues(user) });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const emailChanges = (typedEmail?.trim() ?? '') !== (user.email ?? '');
  const { t } = useLingui();

  const onValid = (values: SettingsFormValues) =>
    save.mutate(toChanges(values, user.email), {
      // Show what the server kept: trimmed values, and the title a blank one left untouched.
      onSuccess: (saved) => form.reset(toFormValues(saved)),
    });

  /** A setting's labelled control: its id, registration and error line come from its name. */
  const setting = (
    name: Exclude<keyof SettingsFormInput, SwitchName>,
    label: string,
    hint: string | undefined,
    control: (props: FieldControlProps & UseFormRegisterReturn) => ReactNode,
  ) => (
    <FormField id={`settings-${name}`} label={label} hint={hint} error={settingError(errors[name]?.message)} className="grid content-start gap-2">
      {(field) => control({ ...field, ...form.register(name) })}
    </FormField>
  );

  return (
    <PanelCard
      headingId="portfolio-settings-heading"
      title={t`Portfolio Settings`}
      description={t`What visitors see at the top of your portfolio, and the email for password resets.`}
      contentClassName="@container"
    >
      <form
        noValidate
        className="grid gap-6 @3xl:grid-cols-2 @3xl:gap-x-8"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <div className="grid content-start gap-6">
          {setting('portfolioTitle', t`Portfolio Title`, t`The header of your portfolio shows only when a title is set.`, (props) => (
            <Input {...props} />
          ))}
          {setting('portfolioSubtitle', t`Portfolio Subtitle`, undefined, (props) => (
            <Textarea rows={3} className="min-h-0" {...props} />
          ))}
          {setting('aboutText', t`About Text`, t`Shown in the About dialog; line breaks are kept.`, (props) => (
            <Textarea rows={6} {...props} />
          ))}
        </div>

        <div className="grid content-start gap-6">
          {pageSwitches().map(({ name, label, hint }) => (
            <SettingSwitch key={name} control={form.control} name={name} label={label} hint={hint} />
          ))}
          <BannerUpload bannerImage={user.bannerImage} />
        </div>

        <fieldset className="grid min-w-0 gap-4 @3xl:col-span-2">
          <legend className="mb-4 text-sm font-semibold">
            <Trans>Social Links</Trans>
          </legend>
          <div className="grid gap-4 @3xl:grid-cols-3">
            {setting('twitterUrl', t`Twitter URL`, undefined, (props) => (
              <Input type="url" inputMode="url" placeholder={t`https://x.com/yourname`} {...props} />
            ))}
            {setting('substackUrl', t`Substack URL`, undefined, (props) => (
              <Input type="url" inputMode="url" placeholder={t`https://yourname.substack.com`} {...props} />
            ))}
            {setting('linktreeUrl', t`Linktree URL`, undefined, (props) => (
              <Input type="url" inputMode="url" placeholder={t`https://linktr.ee/yourname`} {...props} />
            ))}
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 @3xl:col-span-2">
          <legend className="mb-4 text-sm font-semibold">
            <Trans>Look</Trans>
          </legend>
          <div className="grid gap-4 @3xl:grid-cols-3">
            {setting('themeDefault', t`Theme`, t`Visitors can still switch it with the top bar's button.`, (props) => (
              <NativeSelect {...props}>
                <option value="system">{t`Follow the visitor's system`}</option>
                <option value="light">{t`Light`}</option>
                <option value="dark">{t`Dark`}</option>
              </NativeSelect>
            ))}
            {setting('topBarBrand', t`Top Bar Shows`, t`Your title needs a Portfolio Title; without one the product name shows.`, (props) => (
              <NativeSelect {...props}>
                <option value="product">{t`The product name (Atelier)`}</option>
                <option value="portfolio">{t`Your portfolio title`}</option>
              </NativeSelect>
            ))}
            {setting('headingFont', t`Heading Typeface`, undefined, (props) => (
              <NativeSelect {...props}>
                <option value="sans">{t`System sans-serif`}</option>
                <option value="serif">{t`Playfair Display (serif)`}</option>
                <option value="display">{t`Oswald (condensed)`}</option>
                {/* A typeface's name alone, the same in every language. */}
                <option value="mono">IBM Plex Mono</option>
              </NativeSelect>
            ))}
          </div>
          <SettingSwitch
            control={form.control}
            name="compactTopBar"
            label={t`Compact Top Bar for Visitors`}
            hint={t`Visitors see your name and the theme button in a slim bar that slides away as they scroll, without the Portfolio tab.`}
          />
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 @3xl:col-span-2" aria-describedby="settings-languages-hint">
          <legend className="mb-4 text-sm font-semibold">
            <Trans>Languages</Trans>
          </legend>
          <p id="settings-languages-hint" className="-mt-2 text-sm text-muted-foreground">
            <Trans>
              Visitors read the site in their browser's language when you offer it, or pick another in the top bar; a link with ?lang=de
              opens in German. What you write here is shown as you wrote it.
            </Trans>
          </p>
          <div className="grid gap-4 @3xl:grid-cols-3">
            {setting('defaultLanguage', t`Default Language`, t`For visitors whose browser asks for none you offer.`, (props) => (
              <NativeSelect {...props}>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </NativeSelect>
            ))}
            <div className="grid content-start gap-2 @3xl:col-span-2" role="group" aria-labelledby="settings-languages-label">
              <span id="settings-languages-label" className="text-sm leading-none font-medium">
                <Trans>Languages Offered</Trans>
              </span>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {LANGUAGES.map((language) => (
                  <label key={language} className="inline-flex min-h-11 items-center gap-2 text-sm" lang={language}>
                    <input type="checkbox" value={language} className="size-4 accent-primary" {...form.register('languages')} />
                    {LANGUAGE_NAMES[language]}
                  </label>
                ))}
              </div>
              {errors.languages?.message && <p className="text-sm text-destructive">{settingError(errors.languages.message)}</p>}
            </div>
          </div>
        </fieldset>

        <div className="grid content-start gap-6">
          {setting('email', t`Recovery Email`, t`Password reset links are sent here. Visitors never see it.`, (props) => <EmailInput {...props} />)}
          {emailChanges &&
            setting('currentPassword', t`Current Password`, t`Needed to change the recovery email. A notice goes to the old address.`, (props) => (
              <Input type="password" autoComplete="current-password" {...props} />
            ))}
        </div>

        <div className="flex items-end justify-end">
          <Button type="submit" className="h-11 w-full sm:h-10 sm:w-auto" disabled={save.isPending}>
            {save.isPending ? t`Saving...` : t`Save Settings`}
          </Button>
        </div>
      </form>
    </PanelCard>
  );
}

/** One on/off setting of the form, with its label and the hint that describes it. */
function SettingSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: Control<SettingsFormInput, unknown, SettingsFormValues>;
  name: SwitchName;
  label: string;
  hint: string;
}) {
  const id = `settings-${name}`;
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border p-4">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
          />
        )}
      />
    </div>
  );
}
