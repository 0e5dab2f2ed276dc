import { t } from '@lingui/core/macro';

/**
 * A form's validation message in the owner's language. The contract's schemas word them in
 * English ("Title must be at most 255 characters"), and the server answers with the same words;
 * the admin's forms check with those schemas, so their messages are read here by their shape and
 * said again in the language shown. A message of a shape or field not known here stays as it is.
 */
export function validationText(message: string | undefined): string | undefined {
  if (!message) return message;
  const exact = exactTexts()[message];
  if (exact) return exact;
  for (const [pattern, say] of SHAPES) {
    const match = pattern.exec(message);
    const field = match?.[1] === undefined ? undefined : fieldNames()[match[1]];
    if (match && field) return say(field, match[2] ?? '');
  }
  return message;
}

const SHAPES: [RegExp, (field: string, value: string) => string][] = [
  [/^(.+) is required$/, (field) => t`${field} is required`],
  [/^(.+) must be at most (\d+) characters$/, (field, max) => t`${field} must be at most ${max} characters`],
  [/^(.+) must be one line, without control characters$/, (field) => t`${field} must be one line, without control characters`],
  [/^(.+) must not contain control characters$/, (field) => t`${field} must not contain control characters`],
];

/** The fields the admin's forms name in their messages, as the field's label says them. */
const fieldNames = (): Record<string, string> => ({
  Title: t`Title`,
  'Track title': t`Track title`,
  Description: t`Description`,
  'Alt text': t`Alt text`,
  Credit: t`Credit`,
  Copyright: t`Copyright`,
  'Category name': t`Category name`,
  Subtitle: t`Subtitle`,
  'About text': t`About text`,
  URL: t`URL`,
  'The URL': t`The URL`,
  Label: t`Label`,
  Password: t`Password`,
  'Current password': t`Current password`,
  Message: t`Message`,
  Subject: t`Subject`,
  Text: t`Text`,
  'Watermark text': t`Watermark text`,
  'Search text': t`Search text`,
  Camera: t`Camera`,
  Name: t`Name`,
});

const exactTexts = (): Record<string, string> => ({
  'Please enter a valid URL': t`Please enter a valid URL`,
  'Valid email is required': t`Valid email is required`,
  'Duration must look like 02:30': t`Duration must look like 02:30`,
  'The first date taken must not be after the last': t`The first date taken must not be after the last`,
  'Password is required to send it': t`Password is required to send it`,
  'Email must be at most 254 characters': t`Email must be at most 254 characters`,
  'New password must be at least 6 characters': t`New password must be at least 6 characters`,
  'Please confirm your new password': t`Please confirm your new password`,
  "Passwords don't match": t`Passwords don't match`,
});
