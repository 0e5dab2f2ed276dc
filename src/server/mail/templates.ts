import { SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { MailMessage } from './mailer.ts';
import { htmlLanguageOf, mailWords } from './mail-words.ts';

// Everything a person typed goes through escapeHtml before it lands in a mail's HTML.

/** The HTML part: in the mail's language and reading direction (`<html lang dir>`). */
function layout(title: string, body: string, language: Language = SOURCE_LANGUAGE): string {
  const { lang, dir } = htmlLanguageOf(language);
  return `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** A mailed link that signs in or resets once: what was asked, the link, how long it works, and what to do if it was not you. */
function oneTimeLinkMail(to: string, url: string, siteName: string, words: ReturnType<typeof mailWords>['passwordReset'], language: Language): MailMessage {
  const subject = words.subject(siteName);
  return {
    to,
    subject,
    text: `${words.asked(siteName)}\n\n${words.open}\n${url}\n\n${words.notYou}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(words.asked(siteName))}</p><p><a href="${escapeHtml(url)}">${escapeHtml(words.button)}</a></p><p>${escapeHtml(words.expires)} ${escapeHtml(words.notYou)}</p><p style="color:#555;font-size:13px">${escapeHtml(url)}</p>`,
      language,
    ),
  };
}

/** In the owner's language: the site's default. */
export function passwordResetMail(to: string, resetUrl: string, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  return oneTimeLinkMail(to, resetUrl, siteName, mailWords(language).passwordReset, language);
}

/** In the owner's language: the site's default. */
export function signInLinkMail(to: string, signInUrl: string, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  return oneTimeLinkMail(to, signInUrl, siteName, mailWords(language).signInLink, language);
}

/** Sent to the address that was replaced: whoever changed it, the owner of the old one hears of it. */
export function recoveryEmailChangedMail(to: string, newEmail: string | null, siteName: string): MailMessage {
  const subject = `The recovery email of ${siteName} was changed`;
  const change = newEmail === null ? 'removed' : `changed to ${newEmail}`;
  return {
    to,
    subject,
    text: `The recovery email of your ${siteName} account was ${change}. Password reset and sign-in links no longer come to this address.\n\nIf it was not you, sign in from a browser you used before, change your password and set the recovery email back.\n`,
    html: layout(
      subject,
      `<p>The recovery email of your ${escapeHtml(siteName)} account was ${escapeHtml(change)}. Password reset and sign-in links no longer come to this address.</p><p>If it was not you, sign in from a browser you used before, change your password and set the recovery email back.</p>`,
    ),
  };
}

export function contactNotificationMail(
  to: string,
  sender: { name: string; email: string; message: string },
  siteName: string,
): MailMessage {
  const subject = `New message from ${sender.name} via ${siteName}`;
  const paragraphs = sender.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    to,
    subject: subject.replace(/[\r\n]+/g, ' '),
    replyTo: sender.email,
    text: `${sender.name} <${sender.email}> wrote:\n\n${sender.message}\n\nReply to this mail to answer them.\n`,
    html: layout(subject, `<p><strong>${escapeHtml(sender.name)}</strong> &lt;${escapeHtml(sender.email)}&gt; wrote:</p>${paragraphs}<p style="color:#555">Reply to this mail to answer them.</p>`),
  };
}

/** A gallery link's holder sent their picks (proofing). */
export function galleryPicksMail(to: string, picks: { label: string; galleryName: string; titles: string[] }, siteName: string): MailMessage {
  const count = `${picks.titles.length} ${picks.titles.length === 1 ? 'photo' : 'photos'}`;
  const subject = `${picks.label} picked ${count} in ${picks.galleryName}`.replace(/[\r\n]+/g, ' ');
  const list = picks.titles.map((title) => `<li>${escapeHtml(title)}</li>`).join('');
  return {
    to,
    subject,
    text: `${picks.label} sent their picks from the gallery "${picks.galleryName}" (${count}):\n\n${picks.titles.map((title) => `- ${title}`).join('\n')}\n\nThe picks are locked until you reopen them from the gallery's links in ${siteName}.\n`,
    html: layout(
      subject,
      `<p><strong>${escapeHtml(picks.label)}</strong> sent their picks from the gallery “${escapeHtml(picks.galleryName)}” (${count}):</p><ul>${list}</ul><p style="color:#555">The picks are locked until you reopen them from the gallery's links in ${escapeHtml(siteName)}.</p>`,
    ),
  };
}

/** A notice of a gallery link's activity, mailed at once (the owner's choice per kind). */
export function galleryNoticeMail(to: string, text: string, siteName: string): MailMessage {
  const subject = text.replace(/[\r\n]+/g, ' ');
  const where = `The link's activity is in the gallery's links in ${siteName}.`;
  return { to, subject, text: `${text}\n\n${where}\n`, html: layout(subject, `<p>${escapeHtml(text)}</p><p style="color:#555">${escapeHtml(where)}</p>`) };
}

/** The day's notices of gallery links in one mail (the owner's choice per kind). */
export function galleryDigestMail(to: string, notices: Array<{ text: string; createdAt: string }>, siteName: string): MailMessage {
  const count = `${notices.length} ${notices.length === 1 ? 'notice' : 'notices'}`;
  const subject = `Your galleries on ${siteName}: ${count}`.replace(/[\r\n]+/g, ' ');
  const at = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject,
    text: `Since the last digest:\n\n${notices.map((notice) => `- ${at(notice.createdAt)}: ${notice.text}`).join('\n')}\n\nEach link's activity is in the gallery's links in ${siteName}.\n`,
    html: layout(
      subject,
      `<p>Since the last digest:</p><ul>${notices.map((notice) => `<li>${escapeHtml(at(notice.createdAt))}: ${escapeHtml(notice.text)}</li>`).join('')}</ul><p style="color:#555">Each link's activity is in the gallery's links in ${escapeHtml(siteName)}.</p>`,
    ),
  };
}

/** A notice about the account's security, sent to the recovery address. */
function securityNotice(to: string, subject: string, what: string, siteName: string): MailMessage {
  const advice = 'If it was not you, sign in, change your password, and sign out the browsers you do not know under Account, Security.';
  return {
    to,
    subject,
    text: `${what}\n\n${advice}\n\n${siteName}\n`,
    html: layout(subject, `<p>${escapeHtml(what)}</p><p>${escapeHtml(advice)}</p>`),
  };
}

export function newSignInMail(to: string, device: string, address: string, at: Date, siteName: string): MailMessage {
  return securityNotice(
    to,
    `New sign-in to ${siteName}`,
    `Your ${siteName} account was signed in to from a new browser: ${device}, from ${address}, at ${at.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
    siteName,
  );
}

export function factorChangedMail(to: string, change: 'added' | 'removed', factor: string, siteName: string): MailMessage {
  const verb = change === 'added' ? 'added to' : 'removed from';
  return securityNotice(to, `A sign-in method was ${change}: ${siteName}`, `${factor} was ${verb} your ${siteName} account.`, siteName);
}

export function passwordChangedMail(to: string, siteName: string): MailMessage {
  return securityNotice(to, `Your ${siteName} password was changed`, `The password of your ${siteName} account was changed.`, siteName);
}

/**
 * After a reset by mail: what stays valid. Passkeys are paused (each only a step after the new
 * password until kept); the authenticator app and the recovery codes stay as they were.
 */
export function passwordResetDoneMail(to: string, siteName: string, changed: { pausedPasskeys: number; revokedTokens: number }): MailMessage {
  const passkeys =
    changed.pausedPasskeys > 0
      ? ` Your passkeys are paused: until you sign in with the new password and keep them under Account, Security, a passkey works only as the step after the password, never on its own.`
      : '';
  const tokens =
    changed.revokedTokens > 0
      ? ` Your API tokens are revoked: a tool that used one is refused until you make it a new token under Account, API tokens.`
      : '';
  return securityNotice(
    to,
    `Your ${siteName} password was changed`,
    `The password of your ${siteName} account was changed with a reset link sent to this address. Every browser was signed out.${passkeys}${tokens} Your authenticator app and recovery codes stay as they were.`,
    siteName,
  );
}

/**
 * A mail from text the owner wrote (a gallery invitation and its reminders): the text as it is,
 * and in the HTML part each paragraph escaped, its line breaks kept, and `url` made a link.
 */
export function plainTextMail(to: string, subject: string, text: string, url: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const oneLine = subject.replace(/[\r\n]+/g, ' ').trim();
  const escapedUrl = escapeHtml(url);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).split(escapedUrl).join(`<a href="${escapedUrl}">${escapedUrl}</a>`).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return { to, subject: oneLine, text: text.endsWith('\n') ? text : `${text}\n`, html: layout(oneLine, paragraphs, language) };
}
