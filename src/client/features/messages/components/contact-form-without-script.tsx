import { Trans, useLingui } from '@lingui/react/macro';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_FORM_POST } from '#contract/contact.ts';
import type { ContactFormPosted } from '#contract/contact.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmailInput, Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useContactFieldMessages } from './contact-field-messages.ts';

const NO_TEXT = { name: '', email: '', message: '' };

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
      <FormField id="contact-plain-name" label={t`Name`} error={messages.name(problems.name)}>
        {(field) => (
          <Input {...field} name="name" autoComplete="name" maxLength={CONTACT_NAME_MAX} required defaultValue={values.name} />
        )}
      </FormField>
      <FormField id="contact-plain-email" label={t`Email`} error={messages.email(problems.email)}>
        {(field) => <EmailInput {...field} name="email" required defaultValue={values.email} />}
      </FormField>
      <FormField id="contact-plain-message" label={t`Message`} error={messages.message(problems.message)}>
        {(field) => <Textarea {...field} name="message" rows={5} maxLength={CONTACT_MESSAGE_MAX} required defaultValue={values.message} />}
      </FormField>
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
