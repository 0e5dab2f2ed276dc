import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, ContactRequest, DEFAULT_OWNER_ID } from '#contract/contact.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmailInput, Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useSendContactMessage } from '#client/features/messages/api/send-contact-message.ts';
import { formatPlace } from '#client/lib/i18n.ts';
import { useContactFieldMessages } from './contact-field-messages.ts';

const ContactFormSchema = ContactRequest.pick({ name: true, email: true, message: true, website: true });
type ContactFormValues = z.output<typeof ContactFormSchema>;

/**
 * A visitor's message to the owner. `ownerId` is the portfolio's owner, unknown while it
 * loads; `onSent` runs after the server has taken the message (the dialog closes then).
 */
export function ContactForm({ ownerId, onSent }: { ownerId: number | undefined; onSent: () => void }) {
  const { t } = useLingui();
  const send = useSendContactMessage();
  const form = useForm({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: { name: '', email: '', message: '', website: '' },
  });
  const { errors } = form.formState;
  const messageLength = useWatch({ control: form.control, name: 'message' }).length;

  const fieldMessages = useContactFieldMessages();
  const nameError = (error: FieldError | undefined) => fieldMessages.name(error?.type);
  const messageError = (error: FieldError | undefined) => fieldMessages.message(error?.type);

  const onValid = ({ website, ...values }: ContactFormValues) =>
    send.mutate(
      { ...values, ...(website ? { website } : {}), userId: ownerId ?? DEFAULT_OWNER_ID },
      {
        onSuccess: () => {
          form.reset();
          onSent();
        },
      },
    );

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <FormField id="contact-name" label={t`Name`} error={nameError(errors.name)}>
        {(field) => (
          // The form opens in a dialog, and may load after the dialog placed its focus.
          <Input
            {...field}
            autoFocus
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
            required
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField id="contact-email" label={t`Email`} error={fieldMessages.email(errors.email?.type)}>
        {(field) => <EmailInput {...field} required {...form.register('email')} />}
      </FormField>
      {/* Not a FormField: the error line is always there, beside the live count, so typing never shifts the layout. */}
      <div className="grid gap-2">
        <Label htmlFor="contact-message">
          <Trans>Message</Trans>
        </Label>
        <Textarea
          id="contact-message"
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-count contact-message-error' : 'contact-message-count'}
          {...form.register('message')}
        />
        <div className="flex items-start justify-between gap-4">
          <p id="contact-message-error" className="text-sm text-destructive">
            {messageError(errors.message)}
          </p>
          <p id="contact-message-count" className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {formatPlace(messageLength)}/{formatPlace(CONTACT_MESSAGE_MAX)}
            <span className="sr-only"> {plural(CONTACT_MESSAGE_MAX, { one: 'character', other: 'characters' })}</span>
          </p>
        </div>
      </div>
      {/* Honeypot: off screen and out of reach for people and assistive technology; bots fill it. */}
      <div aria-hidden className="sr-only">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-end" disabled={send.isPending}>
        {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send Message</Trans>}
      </Button>
    </form>
  );
}

