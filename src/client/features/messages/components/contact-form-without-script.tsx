import { Trans, useLingui } from '@lingui/react/macro';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_FORM_POST } from '#contract/contact-form.ts';
import type { ContactFormPosted } from '#contract/contact-form.ts';
import type { ReactNode } from 'react';
import type { FieldControlProps } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useContactFieldMessages } from './contact-field-messages.ts';

const NO_TEXT = { name: '', email: '', message: '' };

// The looks of `Input` and `Textarea`, written out: those join classes with tailwind-merge, which
// stays out of a visitor's first load (lib/utils.ts), and this form is in it.
const CONTROL =
  'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/**
 * A labelled control and its error line, as `FormField` draws them, with a plain `<label>`: the
 * form is in a visitor's first load, and the dialog's label primitive is not.
 */
function PlainField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: (control: FieldControlProps) => ReactNode }) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form for a browser without the script: a plain form posted to the server's page
 * route (`CONTACT_FORM_POST`), which checks it with the contract's schema and answers with this
 * form again, its messages beside the fields and the visitor's text kept, or with the outcome.
 */
export function ContactFormWithoutScript({ ownerId, posted }: { ownerId: number; posted?: ContactFormPosted }) {
  const { t } = useLingui();
  const messages = useContactFieldMessages();
  const values = posted?.values ?? NO_TEXT;
  const problems = posted?.problems ?? {};
  return (
    <form method="post" action={CONTACT_FORM_POST} className="grid gap-4">
      <input type="hidden" name="userId" value={String(ownerId)} />
      <PlainField id="contact-plain-name" label={t`Name`} error={messages.name(problems.name)}>
        {(field) => (
          <input {...field} name="name" autoComplete="name" maxLength={CONTACT_NAME_MAX} required defaultValue={values.name} className={`h-10 ${CONTROL}`} />
        )}
      </PlainField>
      <PlainField id="contact-plain-email" label={t`Email`} error={messages.email(problems.email)}>
        {(field) => (
          <input
            {...field}
            type="email"
            name="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={values.email}
            className={`h-10 ${CONTROL}`}
          />
        )}
      </PlainField>
      <PlainField id="contact-plain-message" label={t`Message`} error={messages.message(problems.message)}>
        {(field) => (
          <textarea
            {...field}
            name="message"
            rows={5}
            maxLength={CONTACT_MESSAGE_MAX}
            required
            defaultValue={values.message}
            className={`min-h-20 ${CONTROL}`}
          />
        )}
      </PlainField>
      {/* Honeypot: off screen and out of reach for people and assistive technology; bots fill it. */}
      <div aria-hidden className="sr-only">
        <label htmlFor="contact-plain-website">Website</label>
        <input id="contact-plain-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-end">
        <Trans>Send Message</Trans>
      </Button>
    </form>
  );
}

/**
 * The page the server answers a form posted without the script with: the spec's success message
 * and the way back, or the form again (with the failure's message when the server refused it).
 */
export function ContactScreenWithoutScript({ ownerId, ownerName, posted }: { ownerId: number; ownerName: string; posted: ContactFormPosted }) {
  return (
    <main className="mx-auto grid max-w-xl gap-6 px-4 py-10">
      <h1 className="text-2xl font-semibold">
        <Trans>Contact</Trans>
      </h1>
      {posted.outcome === 'sent' ? (
        <div role="status" className="grid gap-1">
          <p className="font-semibold">
            <Trans>Message sent</Trans>
          </p>
          <p>
            <Trans>Your message has been sent successfully</Trans>
          </p>
        </div>
      ) : (
        <>
          {posted.outcome === 'failed' ? (
            <div role="alert" className="grid gap-1 text-destructive">
              <p className="font-semibold">
                <Trans>Failed to send</Trans>
              </p>
              <p>
                <Trans>Failed to send message</Trans>
              </p>
            </div>
          ) : (
            <p className="text-muted-foreground">
              <Trans>Send {ownerName} a message.</Trans>
            </p>
          )}
          <ContactFormWithoutScript ownerId={ownerId} posted={posted} />
        </>
      )}
      <a href="/" className="underline underline-offset-4">
        <Trans>Back to portfolio</Trans>
      </a>
    </main>
  );
}
