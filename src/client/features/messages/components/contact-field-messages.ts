import { useLingui } from '@lingui/react/macro';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '#contract/contact-form.ts';

/**
 * The contact form's validation messages, by the schema's issue code (`too_small`, `too_big`, …):
 * the contract's schema says them in English for the API's answers; the form says the same in
 * the visitor's language, in the dialog and in the form posted without the script.
 */
export function useContactFieldMessages() {
  const { t } = useLingui();
  return {
    name: (code: string | undefined) => {
      if (!code) return undefined;
      if (code === 'too_small') return t`Name is required`;
      if (code === 'too_big') return t`Name must be at most ${CONTACT_NAME_MAX} characters`;
      return t`Name must be one line, without control characters`;
    },
    email: (code: string | undefined) => (code ? t`Valid email is required` : undefined),
    message: (code: string | undefined) => {
      if (!code) return undefined;
      if (code === 'too_small') return t`Message is required`;
      if (code === 'too_big') return t`Message must be at most ${CONTACT_MESSAGE_MAX} characters`;
      return t`Message must not contain control characters`;
    },
  };
}
