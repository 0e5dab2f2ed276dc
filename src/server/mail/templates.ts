import { SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { MailMessage } from './mailer.ts';
import { htmlLanguageOf, mailTime, mailWords, type Factor, type FactorChange } from './mail-words.ts';

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

/** Sent to the address that was replaced: whoever changed it, the owner of the old one hears of it. In the site's default language. */
export function recoveryEmailChangedMail(to: string, newEmail: string | null, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const words = mailWords(language).security.recoveryEmailChanged;
  const subject = words.subject(siteName);
  const what = words.what(siteName, newEmail);
  return {
    to,
    subject,
    text: `${what}\n\n${words.notYou}\n`,
    html: layout(subject, `<p>${escapeHtml(what)}</p><p>${escapeHtml(words.notYou)}</p>`, language),
  };
}

/** The owner hears of a visitor's message in the site's default language; the message is sent as written. */
export function contactNotificationMail(
  to: string,
  sender: { name: string; email: string; message: string },
  siteName: string,
  language: Language = SOURCE_LANGUAGE,
): MailMessage {
  const words = mailWords(language).contact;
  const subject = words.subject(sender.name, siteName);
  const paragraphs = sender.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    to,
    subject: subject.replace(/[\r\n]+/g, ' '),
    replyTo: sender.email,
    text: `${words.wrote(`${sender.name} <${sender.email}>`)}\n\n${sender.message}\n\n${words.reply}\n`,
    html: layout(
      subject,
      `<p>${words.wrote(`<strong>${escapeHtml(sender.name)}</strong> &lt;${escapeHtml(sender.email)}&gt;`)}</p>${paragraphs}<p style="color:#555">${escapeHtml(words.reply)}</p>`,
      language,
    ),
  };
}

/** A gallery link's holder sent their picks (proofing). */
export function galleryPicksMail(
  to: string,
  picks: { label: string; galleryName: string; titles: string[] },
  siteName: string,
  language: Language = SOURCE_LANGUAGE,
): MailMessage {
  const words = mailWords(language).notices;
  const count = words.photos(picks.titles.length);
  const subject = words.picksSubject(picks.label, count, picks.galleryName).replace(/[\r\n]+/g, ' ');
  const list = picks.titles.map((title) => `<li>${escapeHtml(title)}</li>`).join('');
  return {
    to,
    subject,
    text: `${words.picksFrom(picks.label, picks.galleryName, count, false)}\n\n${picks.titles.map((title) => `- ${title}`).join('\n')}\n\n${words.picksLocked(siteName)}\n`,
    html: layout(
      subject,
      `<p>${words.picksFrom(`<strong>${escapeHtml(picks.label)}</strong>`, escapeHtml(picks.galleryName), escapeHtml(count), true)}</p><ul>${list}</ul><p style="color:#555">${words.picksLocked(escapeHtml(siteName))}</p>`,
      language,
    ),
  };
}

/** A notice of a gallery link's activity, mailed at once (the owner's choice per kind). */
export function galleryNoticeMail(to: string, text: string, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const subject = text.replace(/[\r\n]+/g, ' ');
  const where = mailWords(language).notices.where(siteName);
  return { to, subject, text: `${text}\n\n${where}\n`, html: layout(subject, `<p>${escapeHtml(text)}</p><p style="color:#555">${escapeHtml(where)}</p>`, language) };
}

/** The day's notices of gallery links in one mail (the owner's choice per kind). */
export function galleryDigestMail(to: string, notices: Array<{ text: string; createdAt: string }>, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const words = mailWords(language).notices;
  const subject = words.digestSubject(siteName, notices.length).replace(/[\r\n]+/g, ' ');
  const at = (iso: string) => mailTime(new Date(iso), language);
  return {
    to,
    subject,
    text: `${words.digestSince}\n\n${notices.map((notice) => `- ${at(notice.createdAt)}: ${notice.text}`).join('\n')}\n\n${words.digestWhere(siteName)}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(words.digestSince)}</p><ul>${notices.map((notice) => `<li>${escapeHtml(at(notice.createdAt))}: ${escapeHtml(notice.text)}</li>`).join('')}</ul><p style="color:#555">${words.digestWhere(escapeHtml(siteName))}</p>`,
      language,
    ),
  };
}

/** A notice about the account's security, sent to the recovery address in the site's default language. */
function securityNotice(to: string, subject: string, what: string, siteName: string, language: Language): MailMessage {
  const advice = mailWords(language).security.advice;
  return {
    to,
    subject,
    text: `${what}\n\n${advice}\n\n${siteName}\n`,
    html: layout(subject, `<p>${escapeHtml(what)}</p><p>${escapeHtml(advice)}</p>`, language),
  };
}

export function newSignInMail(to: string, device: string, address: string, at: Date, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const words = mailWords(language).security.newSignIn;
  return securityNotice(to, words.subject(siteName), words.what(siteName, device, address, mailTime(at, language)), siteName, language);
}

export function factorChangedMail(to: string, change: FactorChange, factor: Factor, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const words = mailWords(language).security.factorChanged;
  return securityNotice(to, words.subject(change, siteName), words.what(change, factor, siteName), siteName, language);
}

export function passwordChangedMail(to: string, siteName: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const words = mailWords(language).security.passwordChanged;
  return securityNotice(to, words.subject(siteName), words.what(siteName), siteName, language);
}

/**
 * After a reset by mail: what stays valid. Passkeys are paused (each only a step after the new
 * password until kept); the authenticator app and the recovery codes stay as they were.
 */
export function passwordResetDoneMail(
  to: string,
  siteName: string,
  changed: { pausedPasskeys: number; revokedTokens: number },
  language: Language = SOURCE_LANGUAGE,
): MailMessage {
  const words = mailWords(language).security;
  const what = words.passwordResetDone(siteName, { passkeysPaused: changed.pausedPasskeys > 0, tokensRevoked: changed.revokedTokens > 0 });
  return securityNotice(to, words.passwordChanged.subject(siteName), what, siteName, language);
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
