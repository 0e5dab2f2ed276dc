import { directionOf, SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';

/**
 * The words of the site's own mails in each language the site speaks (docs/translating.md). The
 * server is built by esbuild and tested under Vitest without Lingui's macros, so its words are
 * typed tables rather than a catalog: TypeScript asks each language for every text. English is
 * the spec's, word for word. A mail goes in its recipient's language: the owner's in the site's
 * default language, a client's in their link's language, else the site's default.
 */
/** A mail that carries a one-time link the owner asked for: a password reset, a sign-in link. */
interface AskedLinkWords {
  subject: (site: string) => string;
  asked: (site: string) => string;
  open: string;
  button: string;
  expires: string;
  notYou: string;
}

export interface MailWords {
  passwordReset: AskedLinkWords;
  signInLink: AskedLinkWords;
  /** A gallery link's mails; `{client}`, `{gallery}`, `{link}`, `{expiry}`, `{message}` and `{site}` are filled in. */
  gallery: {
    invitationSubject: string;
    invitationText: string;
    reminder: { subject: string; text: string };
    picksReminder: { subject: string; text: string };
    release: { subject: string; text: string };
    /** What `{expiry}` reads, after the templates' "until": the day the link ends (`mailDay`), or that it has none. */
    until: (day: string | null) => string;
    /** A gallery whose category is gone. */
    yourGallery: string;
    password: (password: string) => string;
  };
  /** The owner's mails about their account, in the site's default language. */
  security: {
    advice: string;
    newSignIn: { subject: (site: string) => string; what: (site: string, device: string, address: string, at: string) => string };
    /** A sign-in method added or removed; `factor` names which. */
    factorChanged: { subject: (change: FactorChange, site: string) => string; what: (change: FactorChange, factor: Factor, site: string) => string };
    passwordChanged: { subject: (site: string) => string; what: (site: string) => string };
    /** After a reset by mail: what stays valid (paused passkeys and revoked tokens only when there were any). */
    passwordResetDone: (site: string, changed: { passkeysPaused: boolean; tokensRevoked: boolean }) => string;
    recoveryEmailChanged: { subject: (site: string) => string; what: (site: string, newEmail: string | null) => string; notYou: string };
  };
  /** A visitor's message from the contact form; `who` is their name and address, as written. */
  contact: { subject: (name: string, site: string) => string; wrote: (who: string) => string; reply: string };
  /** The notices of gallery links' activity, kept in the admin and mailed at once or in the day's digest. */
  notices: {
    photos: (count: number) => string;
    opened: (label: string, gallery: string) => string;
    /** `photo` is the downloaded photo's title, or null for the whole gallery. */
    downloaded: (label: string, photo: string | null, gallery: string) => string;
    commented: (label: string, photo: string, comment: string) => string;
    picksSent: (label: string, gallery: string, photos: string) => string;
    /** The owner's inbox message of sent picks: how many, the gallery, its titles one a line ("- Dune"), the file names to filter by. */
    picksInbox: (photos: string, gallery: string, titles: string, filter: string) => string;
    picksSubject: (label: string, photos: string, gallery: string) => string;
    /** The picks' mail; `html` for its HTML part, where English quotes typographically. */
    picksFrom: (label: string, gallery: string, photos: string, html: boolean) => string;
    picksLocked: (site: string) => string;
    where: (site: string) => string;
    digestSubject: (site: string, count: number) => string;
    digestSince: string;
    digestWhere: (site: string) => string;
  };
}

export type FactorChange = 'added' | 'removed';
/** A passkey by its name, the authenticator app, or every second step at once (turned off by a recovery). */
export type Factor = { passkey: string } | 'authenticator' | 'everything';

/** The plural form of `count` in `language` (Arabic has six: zero, one, two, few, many, other). */
function pluralOf(language: Language, count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(language).select(count);
}

/** A count in the language's digits and grouping. */
function number(language: Language, count: number): string {
  return new Intl.NumberFormat(language).format(count);
}

/** A count with its noun in Arabic's forms: one and two are words of their own, the others follow the number. */
function arabicCount(count: number, forms: { one: string; two: string; few: string; many: string; other: string }): string {
  const form = pluralOf('ar', count);
  if (form === 'one' || form === 'two') return forms[form];
  return `${number('ar', count)} ${form === 'zero' ? forms.other : forms[form]}`;
}

const en: MailWords = {
  passwordReset: {
    subject: (site) => `Reset your password for ${site}`,
    asked: (site) => `Someone asked to reset the password of your ${site} account.`,
    open: 'Open this link to choose a new password. It expires in 1 hour and works once:',
    button: 'Choose a new password',
    expires: 'The link expires in 1 hour and works once.',
    notYou: 'If it was not you, ignore this mail; your password stays as it is.',
  },
  signInLink: {
    subject: (site) => `Sign in to ${site}`,
    asked: (site) => `Someone asked for a link to sign in to your ${site} account.`,
    open: 'Open this link to sign in without your password. It expires in 30 minutes and works once:',
    button: 'Sign in',
    expires: 'The link expires in 30 minutes and works once.',
    notYou: 'If it was not you, ignore this mail; nobody can use the link without reading it here.',
  },
  gallery: {
    invitationSubject: 'Your photos: {gallery}',
    invitationText: 'Hello {client},\n\n{message}\n\nYour gallery "{gallery}" is ready for you:\n{link}\n\nThe link is open until {expiry}.\n\n{site}',
    reminder: {
      subject: 'Reminder: {gallery} is open until {expiry}',
      text: 'Hello {client},\n\nA reminder: your gallery "{gallery}" is open until {expiry}. After that the link no longer opens.\n\n{link}\n\n{site}',
    },
    picksReminder: {
      subject: 'Your picks in {gallery} are not sent yet',
      text: 'Hello {client},\n\nYou started picking photos in the gallery "{gallery}" but have not sent your picks yet. Open the gallery to finish and send them:\n\n{link}\n\n{site}',
    },
    release: {
      subject: 'The whole gallery is open: {gallery}',
      text: 'Hello {client},\n\nThe whole gallery "{gallery}" is open now, not only the sneak peek:\n\n{link}\n\n{site}',
    },
    until: (day) => day ?? 'further notice',
    yourGallery: 'your gallery',
    password: (password) => `The gallery's password: ${password}`,
  },
  security: {
    advice: 'If it was not you, sign in, change your password, and sign out the browsers you do not know under Account, Security.',
    newSignIn: {
      subject: (site) => `New sign-in to ${site}`,
      what: (site, device, address, at) => `Your ${site} account was signed in to from a new browser: ${device}, from ${address}, at ${at}.`,
    },
    factorChanged: {
      subject: (change, site) => `A sign-in method was ${change}: ${site}`,
      what: (change, factor, site) => {
        const name =
          factor === 'everything'
            ? 'Every passkey, the authenticator app and the recovery codes'
            : factor === 'authenticator'
              ? change === 'added' ? 'An authenticator app' : 'The authenticator app'
              : `A passkey (${factor.passkey})`;
        return `${name} was ${change === 'added' ? 'added to' : 'removed from'} your ${site} account.`;
      },
    },
    passwordChanged: { subject: (site) => `Your ${site} password was changed`, what: (site) => `The password of your ${site} account was changed.` },
    passwordResetDone: (site, changed) =>
      `The password of your ${site} account was changed with a reset link sent to this address. Every browser was signed out.` +
      (changed.passkeysPaused ? ' Your passkeys are paused: until you sign in with the new password and keep them under Account, Security, a passkey works only as the step after the password, never on its own.' : '') +
      (changed.tokensRevoked ? ' Your API tokens are revoked: a tool that used one is refused until you make it a new token under Account, API tokens.' : '') +
      ' Your authenticator app and recovery codes stay as they were.',
    recoveryEmailChanged: {
      subject: (site) => `The recovery email of ${site} was changed`,
      what: (site, newEmail) =>
        `The recovery email of your ${site} account was ${newEmail === null ? 'removed' : `changed to ${newEmail}`}. Password reset and sign-in links no longer come to this address.`,
      notYou: 'If it was not you, sign in from a browser you used before, change your password and set the recovery email back.',
    },
  },
  contact: { subject: (name, site) => `New message from ${name} via ${site}`, wrote: (who) => `${who} wrote:`, reply: 'Reply to this mail to answer them.' },
  notices: {
    photos: (count) => `${count} ${count === 1 ? 'photo' : 'photos'}`,
    opened: (label, gallery) => `${label} opened the gallery "${gallery}"`,
    downloaded: (label, photo, gallery) => `${label} downloaded ${photo === null ? 'the whole gallery' : `"${photo}"`} from "${gallery}", the link's first download`,
    commented: (label, photo, comment) => `${label} commented on "${photo}": ${comment}`,
    picksSent: (label, gallery, photos) => `${label} sent their picks in "${gallery}": ${photos}`,
    picksInbox: (photos, gallery, titles, filter) => `Picked ${photos} in the gallery "${gallery}":\n\n${titles}\n\nFile-name filter: ${filter}`,
    picksSubject: (label, photos, gallery) => `${label} picked ${photos} in ${gallery}`,
    picksFrom: (label, gallery, photos, html) => `${label} sent their picks from the gallery ${html ? `“${gallery}”` : `"${gallery}"`} (${photos}):`,
    picksLocked: (site) => `The picks are locked until you reopen them from the gallery's links in ${site}.`,
    where: (site) => `The link's activity is in the gallery's links in ${site}.`,
    digestSubject: (site, count) => `Your galleries on ${site}: ${count} ${count === 1 ? 'notice' : 'notices'}`,
    digestSince: 'Since the last digest:',
    digestWhere: (site) => `Each link's activity is in the gallery's links in ${site}.`,
  },
};

const de: MailWords = {
  passwordReset: {
    subject: (site) => `Passwort für ${site} zurücksetzen`,
    asked: (site) => `Jemand hat angefordert, das Passwort Ihres Kontos bei ${site} zurückzusetzen.`,
    open: 'Öffnen Sie diesen Link, um ein neues Passwort zu wählen. Er ist eine Stunde lang gültig und funktioniert einmal:',
    button: 'Neues Passwort wählen',
    expires: 'Der Link ist eine Stunde lang gültig und funktioniert einmal.',
    notYou: 'Falls Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  },
  signInLink: {
    subject: (site) => `Bei ${site} anmelden`,
    asked: (site) => `Jemand hat einen Link angefordert, um sich bei Ihrem Konto auf ${site} anzumelden.`,
    open: 'Öffnen Sie diesen Link, um sich ohne Passwort anzumelden. Er ist 30 Minuten lang gültig und funktioniert einmal:',
    button: 'Anmelden',
    expires: 'Der Link ist 30 Minuten lang gültig und funktioniert einmal.',
    notYou: 'Falls Sie das nicht waren, ignorieren Sie diese E-Mail; ohne sie kann niemand den Link verwenden.',
  },
  gallery: {
    invitationSubject: 'Ihre Fotos: {gallery}',
    invitationText: 'Hallo {client},\n\n{message}\n\nIhre Galerie „{gallery}“ ist für Sie bereit:\n{link}\n\nDer Link ist bis {expiry} geöffnet.\n\n{site}',
    reminder: {
      subject: 'Erinnerung: {gallery} ist bis {expiry} geöffnet',
      text: 'Hallo {client},\n\neine Erinnerung: Ihre Galerie „{gallery}“ ist bis {expiry} geöffnet. Danach öffnet der Link nicht mehr.\n\n{link}\n\n{site}',
    },
    picksReminder: {
      subject: 'Ihre Auswahl in {gallery} ist noch nicht gesendet',
      text: 'Hallo {client},\n\nSie haben begonnen, Fotos in der Galerie „{gallery}“ auszuwählen, Ihre Auswahl aber noch nicht gesendet. Öffnen Sie die Galerie, um sie abzuschließen und zu senden:\n\n{link}\n\n{site}',
    },
    release: {
      subject: 'Die ganze Galerie ist geöffnet: {gallery}',
      text: 'Hallo {client},\n\ndie ganze Galerie „{gallery}“ ist jetzt geöffnet, nicht nur die Vorschau:\n\n{link}\n\n{site}',
    },
    until: (day) => (day === null ? 'auf Weiteres' : `zum ${day}`),
    yourGallery: 'Ihre Galerie',
    password: (password) => `Das Passwort der Galerie: ${password}`,
  },
  security: {
    advice: 'Falls Sie das nicht waren, melden Sie sich an, ändern Sie Ihr Passwort und melden Sie unter „Konto“, „Sicherheit“ die Browser ab, die Sie nicht kennen.',
    newSignIn: {
      subject: (site) => `Neue Anmeldung bei ${site}`,
      what: (site, device, address, at) => `Jemand hat sich von einem neuen Browser aus bei Ihrem Konto auf ${site} angemeldet: ${device}, von ${address}, am ${at}.`,
    },
    factorChanged: {
      subject: (change, site) => `Eine Anmeldemethode wurde ${change === 'added' ? 'hinzugefügt' : 'entfernt'}: ${site}`,
      what: (change, factor, site) => {
        if (factor === 'everything') return `Alle Passkeys, die Authenticator-App und die Wiederherstellungscodes wurden aus Ihrem Konto bei ${site} entfernt.`;
        const name =
          factor === 'authenticator'
            ? change === 'added' ? 'Eine Authenticator-App' : 'Die Authenticator-App'
            : `${change === 'added' ? 'Ein' : 'Der'} Passkey (${factor.passkey})`;
        return change === 'added' ? `${name} wurde Ihrem Konto bei ${site} hinzugefügt.` : `${name} wurde aus Ihrem Konto bei ${site} entfernt.`;
      },
    },
    passwordChanged: { subject: (site) => `Ihr Passwort für ${site} wurde geändert`, what: (site) => `Das Passwort Ihres Kontos bei ${site} wurde geändert.` },
    passwordResetDone: (site, changed) =>
      `Das Passwort Ihres Kontos bei ${site} wurde über einen Link zum Zurücksetzen geändert, der an diese Adresse gesendet wurde. Alle Browser wurden abgemeldet.` +
      (changed.passkeysPaused ? ' Ihre Passkeys sind pausiert: Bis Sie sich mit dem neuen Passwort anmelden und sie unter „Konto“, „Sicherheit“ behalten, dient ein Passkey nur als Schritt nach dem Passwort, nie allein.' : '') +
      (changed.tokensRevoked ? ' Ihre API-Tokens wurden widerrufen: Ein Programm, das eines davon verwendet hat, wird abgewiesen, bis Sie ihm unter „Konto“, „API-Tokens“ ein neues Token erstellen.' : '') +
      ' Ihre Authenticator-App und Ihre Wiederherstellungscodes bleiben unverändert.',
    recoveryEmailChanged: {
      subject: (site) => `Die Wiederherstellungsadresse für ${site} wurde geändert`,
      what: (site, newEmail) =>
        `Die Wiederherstellungsadresse Ihres Kontos bei ${site} wurde ${newEmail === null ? 'entfernt' : `in ${newEmail} geändert`}. Links zum Zurücksetzen des Passworts und zur Anmeldung kommen nicht mehr an diese Adresse.`,
      notYou: 'Falls Sie das nicht waren, melden Sie sich in einem Browser an, den Sie schon einmal benutzt haben, ändern Sie Ihr Passwort und stellen Sie die Wiederherstellungsadresse wieder her.',
    },
  },
  contact: { subject: (name, site) => `Neue Nachricht von ${name} über ${site}`, wrote: (who) => `${who} schrieb:`, reply: 'Antworten Sie auf diese E-Mail, um der Person zu antworten.' },
  notices: {
    photos: (count) => `${number('de', count)} ${pluralOf('de', count) === 'one' ? 'Foto' : 'Fotos'}`,
    opened: (label, gallery) => `${label} hat die Galerie „${gallery}“ geöffnet`,
    downloaded: (label, photo, gallery) =>
      photo === null
        ? `${label} hat die ganze Galerie „${gallery}“ heruntergeladen, der erste Download über den Link`
        : `${label} hat „${photo}“ aus „${gallery}“ heruntergeladen, der erste Download über den Link`,
    commented: (label, photo, comment) => `${label} hat „${photo}“ kommentiert: ${comment}`,
    picksSent: (label, gallery, photos) => `${label} hat die Auswahl in „${gallery}“ gesendet: ${photos}`,
    picksInbox: (photos, gallery, titles, filter) => `${photos} in der Galerie „${gallery}“ ausgewählt:\n\n${titles}\n\nFilter nach Dateinamen: ${filter}`,
    picksSubject: (label, photos, gallery) => `${label} hat ${photos} in ${gallery} ausgewählt`,
    picksFrom: (label, gallery, photos) => `${label} hat die Auswahl aus der Galerie „${gallery}“ gesendet (${photos}):`,
    picksLocked: (site) => `Die Auswahl bleibt gesperrt, bis Sie sie in ${site} bei den Links der Galerie wieder öffnen.`,
    where: (site) => `Die Aktivität des Links finden Sie in ${site} bei den Links der Galerie.`,
    digestSubject: (site, count) => `Ihre Galerien auf ${site}: ${number('de', count)} ${pluralOf('de', count) === 'one' ? 'Mitteilung' : 'Mitteilungen'}`,
    digestSince: 'Seit der letzten Zusammenfassung:',
    digestWhere: (site) => `Die Aktivität jedes Links finden Sie in ${site} bei den Links der Galerie.`,
  },
};

const fr: MailWords = {
  passwordReset: {
    subject: (site) => `Réinitialisez votre mot de passe pour ${site}`,
    asked: (site) => `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${site}.`,
    open: 'Ouvrez ce lien pour choisir un nouveau mot de passe. Il expire dans une heure et ne fonctionne qu’une fois :',
    button: 'Choisir un nouveau mot de passe',
    expires: 'Le lien expire dans une heure et ne fonctionne qu’une fois.',
    notYou: 'Si ce n’était pas vous, ignorez ce message ; votre mot de passe reste inchangé.',
  },
  signInLink: {
    subject: (site) => `Connexion à ${site}`,
    asked: (site) => `Quelqu’un a demandé un lien pour se connecter à votre compte ${site}.`,
    open: 'Ouvrez ce lien pour vous connecter sans mot de passe. Il expire dans 30 minutes et ne fonctionne qu’une fois :',
    button: 'Se connecter',
    expires: 'Le lien expire dans 30 minutes et ne fonctionne qu’une fois.',
    notYou: 'Si ce n’était pas vous, ignorez ce message ; personne ne peut utiliser le lien sans le lire ici.',
  },
  gallery: {
    invitationSubject: 'Vos photos : {gallery}',
    invitationText: 'Bonjour {client},\n\n{message}\n\nVotre galerie « {gallery} » vous attend :\n{link}\n\nLe lien est ouvert jusqu’au {expiry}.\n\n{site}',
    reminder: {
      subject: 'Rappel : {gallery} est ouverte jusqu’au {expiry}',
      text: 'Bonjour {client},\n\nPetit rappel : votre galerie « {gallery} » est ouverte jusqu’au {expiry}. Ensuite, le lien ne s’ouvrira plus.\n\n{link}\n\n{site}',
    },
    picksReminder: {
      subject: 'Votre sélection dans {gallery} n’est pas encore envoyée',
      text: 'Bonjour {client},\n\nVous avez commencé à sélectionner des photos dans la galerie « {gallery} » sans encore envoyer votre sélection. Ouvrez la galerie pour la terminer et l’envoyer :\n\n{link}\n\n{site}',
    },
    release: {
      subject: 'La galerie complète est ouverte : {gallery}',
      text: 'Bonjour {client},\n\nLa galerie « {gallery} » est maintenant ouverte en entier, pas seulement l’avant-goût :\n\n{link}\n\n{site}',
    },
    until: (day) => day ?? 'nouvel ordre',
    yourGallery: 'votre galerie',
    password: (password) => `Le mot de passe de la galerie : ${password}`,
  },
  security: {
    advice: 'Si ce n’était pas vous, connectez-vous, changez votre mot de passe et déconnectez les navigateurs que vous ne reconnaissez pas dans Compte, Sécurité.',
    newSignIn: {
      subject: (site) => `Nouvelle connexion à ${site}`,
      what: (site, device, address, at) => `Une connexion à votre compte ${site} a eu lieu depuis un nouveau navigateur : ${device}, depuis l’adresse ${address}, le ${at}.`,
    },
    factorChanged: {
      subject: (change, site) => `Une méthode de connexion a été ${change === 'added' ? 'ajoutée' : 'supprimée'} : ${site}`,
      what: (change, factor, site) => {
        if (factor === 'everything') return `Toutes les clés d’accès, l’application d’authentification et les codes de récupération ont été supprimés de votre compte ${site}.`;
        const name =
          factor === 'authenticator'
            ? change === 'added' ? 'Une application d’authentification' : 'L’application d’authentification'
            : `${change === 'added' ? 'Une' : 'La'} clé d’accès (${factor.passkey})`;
        return change === 'added' ? `${name} a été ajoutée à votre compte ${site}.` : `${name} a été supprimée de votre compte ${site}.`;
      },
    },
    passwordChanged: { subject: (site) => `Votre mot de passe ${site} a été modifié`, what: (site) => `Le mot de passe de votre compte ${site} a été modifié.` },
    passwordResetDone: (site, changed) =>
      `Le mot de passe de votre compte ${site} a été modifié à l’aide d’un lien de réinitialisation envoyé à cette adresse. Tous les navigateurs ont été déconnectés.` +
      (changed.passkeysPaused ? ' Vos clés d’accès sont suspendues : tant que vous ne vous êtes pas connecté avec le nouveau mot de passe et ne les avez pas conservées dans Compte, Sécurité, une clé d’accès ne sert que d’étape après le mot de passe, jamais seule.' : '') +
      (changed.tokensRevoked ? ' Vos jetons d’API sont révoqués : un outil qui en utilisait un est refusé jusqu’à ce que vous lui créiez un nouveau jeton dans Compte, Jetons d’API.' : '') +
      ' Votre application d’authentification et vos codes de récupération restent inchangés.',
    recoveryEmailChanged: {
      subject: (site) => `L’adresse de récupération de ${site} a été modifiée`,
      what: (site, newEmail) =>
        `L’adresse de récupération de votre compte ${site} a été ${newEmail === null ? 'supprimée' : `remplacée par ${newEmail}`}. Les liens de réinitialisation du mot de passe et de connexion n’arrivent plus à cette adresse.`,
      notYou: 'Si ce n’était pas vous, connectez-vous depuis un navigateur que vous avez déjà utilisé, changez votre mot de passe et rétablissez l’adresse de récupération.',
    },
  },
  contact: { subject: (name, site) => `Nouveau message de ${name} via ${site}`, wrote: (who) => `${who} a écrit :`, reply: 'Répondez à ce message pour lui répondre.' },
  notices: {
    photos: (count) => `${number('fr', count)} ${pluralOf('fr', count) === 'one' ? 'photo' : 'photos'}`,
    opened: (label, gallery) => `${label} a ouvert la galerie « ${gallery} »`,
    downloaded: (label, photo, gallery) =>
      photo === null
        ? `${label} a téléchargé toute la galerie « ${gallery} », premier téléchargement du lien`
        : `${label} a téléchargé « ${photo} » depuis « ${gallery} », premier téléchargement du lien`,
    commented: (label, photo, comment) => `${label} a commenté « ${photo} » : ${comment}`,
    picksSent: (label, gallery, photos) => `${label} a envoyé sa sélection dans « ${gallery} » : ${photos}`,
    picksInbox: (photos, gallery, titles, filter) => `Sélection de ${photos} dans la galerie « ${gallery} » :\n\n${titles}\n\nFiltre par nom de fichier : ${filter}`,
    picksSubject: (label, photos, gallery) => `${label} a sélectionné ${photos} dans ${gallery}`,
    picksFrom: (label, gallery, photos) => `${label} a envoyé sa sélection de la galerie « ${gallery} » (${photos}) :`,
    picksLocked: (site) => `La sélection reste verrouillée jusqu’à ce que vous la rouvriez depuis les liens de la galerie dans ${site}.`,
    where: (site) => `L’activité du lien se trouve dans les liens de la galerie, dans ${site}.`,
    digestSubject: (site, count) => `Vos galeries sur ${site} : ${number('fr', count)} ${pluralOf('fr', count) === 'one' ? 'notification' : 'notifications'}`,
    digestSince: 'Depuis le dernier récapitulatif :',
    digestWhere: (site) => `L’activité de chaque lien se trouve dans les liens de la galerie, dans ${site}.`,
  },
};

const es: MailWords = {
  passwordReset: {
    subject: (site) => `Restablece tu contraseña de ${site}`,
    asked: (site) => `Alguien pidió restablecer la contraseña de tu cuenta de ${site}.`,
    open: 'Abre este enlace para elegir una contraseña nueva. Caduca en 1 hora y funciona una sola vez:',
    button: 'Elegir una contraseña nueva',
    expires: 'El enlace caduca en 1 hora y funciona una sola vez.',
    notYou: 'Si no fuiste tú, ignora este correo; tu contraseña no cambia.',
  },
  signInLink: {
    subject: (site) => `Inicia sesión en ${site}`,
    asked: (site) => `Alguien pidió un enlace para iniciar sesión en tu cuenta de ${site}.`,
    open: 'Abre este enlace para iniciar sesión sin contraseña. Caduca en 30 minutos y funciona una sola vez:',
    button: 'Iniciar sesión',
    expires: 'El enlace caduca en 30 minutos y funciona una sola vez.',
    notYou: 'Si no fuiste tú, ignora este correo; nadie puede usar el enlace sin leerlo aquí.',
  },
  gallery: {
    invitationSubject: 'Tus fotos: {gallery}',
    invitationText: 'Hola, {client}:\n\n{message}\n\nTu galería «{gallery}» ya está lista:\n{link}\n\nEl enlace está abierto hasta {expiry}.\n\n{site}',
    reminder: {
      subject: 'Recordatorio: {gallery} está abierta hasta {expiry}',
      text: 'Hola, {client}:\n\nTe recordamos que tu galería «{gallery}» está abierta hasta {expiry}. Después, el enlace ya no se abrirá.\n\n{link}\n\n{site}',
    },
    picksReminder: {
      subject: 'Aún no has enviado tus elegidas de {gallery}',
      text: 'Hola, {client}:\n\nEmpezaste a elegir fotos en la galería «{gallery}», pero aún no has enviado tu selección. Abre la galería para terminarla y enviarla:\n\n{link}\n\n{site}',
    },
    release: {
      subject: 'La galería completa ya está abierta: {gallery}',
      text: 'Hola, {client}:\n\nLa galería «{gallery}» ya está abierta entera, no solo el adelanto:\n\n{link}\n\n{site}',
    },
    until: (day) => (day === null ? 'nuevo aviso' : `el ${day}`),
    yourGallery: 'tu galería',
    password: (password) => `La contraseña de la galería: ${password}`,
  },
  security: {
    advice: 'Si no fuiste tú, inicia sesión, cambia tu contraseña y cierra la sesión de los navegadores que no reconozcas en Cuenta, Seguridad.',
    newSignIn: {
      subject: (site) => `Nuevo inicio de sesión en ${site}`,
      what: (site, device, address, at) => `Se inició sesión en tu cuenta de ${site} desde un navegador nuevo: ${device}, desde ${address}, el ${at}.`,
    },
    factorChanged: {
      subject: (change, site) => `Se ${change === 'added' ? 'añadió' : 'eliminó'} un método de inicio de sesión: ${site}`,
      what: (change, factor, site) => {
        if (factor === 'everything') return `Se eliminaron de tu cuenta de ${site} todas las llaves de acceso, la aplicación de autenticación y los códigos de recuperación.`;
        const name =
          factor === 'authenticator'
            ? change === 'added' ? 'una aplicación de autenticación' : 'la aplicación de autenticación'
            : `${change === 'added' ? 'una' : 'la'} llave de acceso (${factor.passkey})`;
        return change === 'added' ? `Se añadió ${name} a tu cuenta de ${site}.` : `Se eliminó ${name} de tu cuenta de ${site}.`;
      },
    },
    passwordChanged: { subject: (site) => `Se cambió tu contraseña de ${site}`, what: (site) => `Se cambió la contraseña de tu cuenta de ${site}.` },
    passwordResetDone: (site, changed) =>
      `Se cambió la contraseña de tu cuenta de ${site} con un enlace de restablecimiento enviado a esta dirección. Se cerró la sesión en todos los navegadores.` +
      (changed.passkeysPaused ? ' Tus llaves de acceso están en pausa: hasta que inicies sesión con la contraseña nueva y las conserves en Cuenta, Seguridad, una llave de acceso solo sirve como paso después de la contraseña, nunca por sí sola.' : '') +
      (changed.tokensRevoked ? ' Tus tokens de API están revocados: se rechaza cualquier herramienta que usara uno hasta que le crees un token nuevo en Cuenta, Tokens de API.' : '') +
      ' Tu aplicación de autenticación y tus códigos de recuperación siguen como estaban.',
    recoveryEmailChanged: {
      subject: (site) => `Se cambió el correo de recuperación de ${site}`,
      what: (site, newEmail) =>
        `${newEmail === null ? `Se eliminó el correo de recuperación de tu cuenta de ${site}` : `El correo de recuperación de tu cuenta de ${site} se cambió a ${newEmail}`}. Los enlaces para restablecer la contraseña y para iniciar sesión ya no llegan a esta dirección.`,
      notYou: 'Si no fuiste tú, inicia sesión desde un navegador que hayas usado antes, cambia tu contraseña y vuelve a poner el correo de recuperación.',
    },
  },
  contact: { subject: (name, site) => `Nuevo mensaje de ${name} a través de ${site}`, wrote: (who) => `${who} escribió:`, reply: 'Responde a este correo para contestarle.' },
  notices: {
    photos: (count) => `${number('es', count)} ${pluralOf('es', count) === 'one' ? 'foto' : 'fotos'}`,
    opened: (label, gallery) => `${label} abrió la galería «${gallery}»`,
    downloaded: (label, photo, gallery) =>
      photo === null
        ? `${label} descargó toda la galería «${gallery}», la primera descarga del enlace`
        : `${label} descargó «${photo}» de «${gallery}», la primera descarga del enlace`,
    commented: (label, photo, comment) => `${label} comentó «${photo}»: ${comment}`,
    picksSent: (label, gallery, photos) => `${label} envió su selección de «${gallery}»: ${photos}`,
    picksInbox: (photos, gallery, titles, filter) => `Selección de ${photos} en la galería «${gallery}»:\n\n${titles}\n\nFiltro por nombre de archivo: ${filter}`,
    picksSubject: (label, photos, gallery) => `${label} eligió ${photos} en ${gallery}`,
    picksFrom: (label, gallery, photos) => `${label} envió su selección de la galería «${gallery}» (${photos}):`,
    picksLocked: (site) => `La selección queda bloqueada hasta que la vuelvas a abrir desde los enlaces de la galería en ${site}.`,
    where: (site) => `La actividad del enlace está en los enlaces de la galería en ${site}.`,
    digestSubject: (site, count) => `Tus galerías en ${site}: ${number('es', count)} ${pluralOf('es', count) === 'one' ? 'aviso' : 'avisos'}`,
    digestSince: 'Desde el último resumen:',
    digestWhere: (site) => `La actividad de cada enlace está en los enlaces de la galería en ${site}.`,
  },
};

const ja: MailWords = {
  passwordReset: {
    subject: (site) => `${site}のパスワード再設定`,
    asked: (site) => `${site}のアカウントのパスワード再設定が申請されました。`,
    open: '新しいパスワードを設定するには、このリンクを開いてください。有効期限は1時間で、1回だけ使えます：',
    button: '新しいパスワードを設定',
    expires: 'リンクの有効期限は1時間で、1回だけ使えます。',
    notYou: 'お心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
  },
  signInLink: {
    subject: (site) => `${site}へのログイン`,
    asked: (site) => `${site}のアカウントにログインするためのリンクが申請されました。`,
    open: 'パスワードなしでログインするには、このリンクを開いてください。有効期限は30分で、1回だけ使えます：',
    button: 'ログイン',
    expires: 'リンクの有効期限は30分で、1回だけ使えます。',
    notYou: 'お心当たりがない場合は、このメールを無視してください。このメールを読めない人はリンクを使えません。',
  },
  gallery: {
    invitationSubject: 'お写真のご案内：{gallery}',
    invitationText: '{client} 様\n\n{message}\n\nギャラリー「{gallery}」の準備ができました：\n{link}\n\nリンクは{expiry}ご覧いただけます。\n\n{site}',
    reminder: {
      subject: 'ご案内：{gallery}は{expiry}ご覧いただけます',
      text: '{client} 様\n\nギャラリー「{gallery}」は{expiry}ご覧いただけます。それ以降はリンクが開かなくなります。\n\n{link}\n\n{site}',
    },
    picksReminder: {
      subject: '{gallery}で選んだ写真がまだ送信されていません',
      text: '{client} 様\n\nギャラリー「{gallery}」で写真を選び始めていますが、まだ送信されていません。ギャラリーを開いて選択を終え、送信してください：\n\n{link}\n\n{site}',
    },
    release: {
      subject: 'ギャラリー全体を公開しました：{gallery}',
      text: '{client} 様\n\nギャラリー「{gallery}」は先行公開分だけでなく、全体をご覧いただけるようになりました：\n\n{link}\n\n{site}',
    },
    until: (day) => (day === null ? '当面の間' : `${day}まで`),
    yourGallery: 'ギャラリー',
    password: (password) => `ギャラリーのパスワード：${password}`,
  },
  security: {
    advice: 'お心当たりがない場合は、ログインしてパスワードを変更し、「アカウント」→「セキュリティ」で見覚えのないブラウザをログアウトしてください。',
    newSignIn: {
      subject: (site) => `${site}への新しいログイン`,
      what: (site, device, address, at) => `${site}のアカウントに新しいブラウザからログインがありました：${device}、${address}から、${at}。`,
    },
    factorChanged: {
      subject: (change, site) => `ログイン方法が${change === 'added' ? '追加' : '削除'}されました：${site}`,
      what: (change, factor, site) => {
        const name = factor === 'everything' ? 'すべてのパスキー、認証アプリ、リカバリーコード' : factor === 'authenticator' ? '認証アプリ' : `パスキー（${factor.passkey}）`;
        return change === 'added' ? `${site}のアカウントに${name}が追加されました。` : `${site}のアカウントから${name}が削除されました。`;
      },
    },
    passwordChanged: { subject: (site) => `${site}のパスワードが変更されました`, what: (site) => `${site}のアカウントのパスワードが変更されました。` },
    passwordResetDone: (site, changed) =>
      `このアドレスに送信された再設定リンクで、${site}のアカウントのパスワードが変更されました。すべてのブラウザからログアウトしました。` +
      (changed.passkeysPaused ? 'パスキーは一時停止中です。新しいパスワードでログインし、「アカウント」→「セキュリティ」でパスキーを残すまでは、パスキーはパスワードの後の手順としてのみ使え、単独では使えません。' : '') +
      (changed.tokensRevoked ? 'APIトークンは無効になりました。トークンを使っていたツールは、「アカウント」→「APIトークン」で新しいトークンを作成するまで拒否されます。' : '') +
      '認証アプリとリカバリーコードはそのままです。',
    recoveryEmailChanged: {
      subject: (site) => `${site}の復旧用メールアドレスが変更されました`,
      what: (site, newEmail) =>
        `${site}のアカウントの復旧用メールアドレスが${newEmail === null ? '削除' : `${newEmail}に変更`}されました。パスワード再設定とログインのリンクは、今後このアドレスには届きません。`,
      notYou: 'お心当たりがない場合は、以前使ったブラウザからログインし、パスワードを変更して、復旧用メールアドレスを元に戻してください。',
    },
  },
  contact: { subject: (name, site) => `${site}経由で${name}さんから新しいメッセージが届きました`, wrote: (who) => `${who} からのメッセージ：`, reply: 'このメールに返信すると、送信者に返信できます。' },
  notices: {
    photos: (count) => `${number('ja', count)}枚の写真`,
    opened: (label, gallery) => `${label}がギャラリー「${gallery}」を開きました`,
    downloaded: (label, photo, gallery) =>
      photo === null
        ? `${label}がギャラリー「${gallery}」全体をダウンロードしました（このリンクで初めてのダウンロード）`
        : `${label}が「${gallery}」から「${photo}」をダウンロードしました（このリンクで初めてのダウンロード）`,
    commented: (label, photo, comment) => `${label}が「${photo}」にコメントしました：${comment}`,
    picksSent: (label, gallery, photos) => `${label}が「${gallery}」で選んだ写真を送信しました：${photos}`,
    picksInbox: (photos, gallery, titles, filter) => `ギャラリー「${gallery}」で${photos}が選ばれました：\n\n${titles}\n\nファイル名フィルター：${filter}`,
    picksSubject: (label, photos, gallery) => `${label}が${gallery}で${photos}を選びました`,
    picksFrom: (label, gallery, photos) => `${label}がギャラリー「${gallery}」で選んだ写真を送信しました（${photos}）：`,
    picksLocked: (site) => `選ばれた写真は、${site}のギャラリーのリンクから再び開くまでロックされます。`,
    where: (site) => `リンクのアクティビティは、${site}のギャラリーのリンクで確認できます。`,
    digestSubject: (site, count) => `${site}のギャラリー：お知らせ${number('ja', count)}件`,
    digestSince: '前回のまとめ以降：',
    digestWhere: (site) => `各リンクのアクティビティは、${site}のギャラリーのリンクで確認できます。`,
  },
};

const ar: MailWords = {
  passwordReset: {
    subject: (site) => `إعادة تعيين كلمة المرور لموقع ${site}`,
    asked: (site) => `طلب أحدهم إعادة تعيين كلمة مرور حسابك في ${site}.`,
    open: 'افتح هذا الرابط لاختيار كلمة مرور جديدة. تنتهي صلاحيته بعد ساعة واحدة ويعمل مرة واحدة:',
    button: 'اختيار كلمة مرور جديدة',
    expires: 'تنتهي صلاحية الرابط بعد ساعة واحدة ويعمل مرة واحدة.',
    notYou: 'إن لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة؛ تبقى كلمة مرورك كما هي.',
  },
  signInLink: {
    subject: (site) => `تسجيل الدخول إلى ${site}`,
    asked: (site) => `طلب أحدهم رابطًا لتسجيل الدخول إلى حسابك في ${site}.`,
    open: 'افتح هذا الرابط لتسجيل الدخول دون كلمة المرور. تنتهي صلاحيته بعد 30 دقيقة ويعمل مرة واحدة:',
    button: 'تسجيل الدخول',
    expires: 'تنتهي صلاحية الرابط بعد 30 دقيقة ويعمل مرة واحدة.',
    notYou: 'إن لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة؛ لا يستطيع أحد استخدام الرابط دون قراءته هنا.',
  },
  gallery: {
    invitationSubject: 'صورك: {gallery}',
    invitationText: 'مرحبًا {client}،\n\n{message}\n\nمعرضك «{gallery}» جاهز لك:\n{link}\n\nيبقى الرابط مفتوحًا حتى {expiry}.\n\n{site}',
    reminder: {
      subject: 'تذكير: {gallery} مفتوح حتى {expiry}',
      text: 'مرحبًا {client}،\n\nنذكّرك بأن معرضك «{gallery}» مفتوح حتى {expiry}. بعد ذلك لن يُفتح الرابط.\n\n{link}\n\n{site}',
    },
    picksReminder: {
      subject: 'لم تُرسل اختياراتك في {gallery} بعد',
      text: 'مرحبًا {client}،\n\nبدأت اختيار الصور في المعرض «{gallery}» لكنك لم ترسل اختياراتك بعد. افتح المعرض لإكمالها وإرسالها:\n\n{link}\n\n{site}',
    },
    release: {
      subject: 'المعرض كاملًا مفتوح: {gallery}',
      text: 'مرحبًا {client}،\n\nالمعرض «{gallery}» مفتوح الآن كاملًا، لا اللمحة المسبقة وحدها:\n\n{link}\n\n{site}',
    },
    until: (day) => day ?? 'إشعار آخر',
    yourGallery: 'معرضك',
    password: (password) => `كلمة مرور المعرض: ${password}`,
  },
  security: {
    advice: 'إن لم تكن أنت، فسجّل الدخول وغيّر كلمة مرورك، ثم سجّل خروج المتصفحات التي لا تعرفها من «الحساب»، «الأمان».',
    newSignIn: {
      subject: (site) => `تسجيل دخول جديد إلى ${site}`,
      what: (site, device, address, at) => `سُجّل الدخول إلى حسابك في ${site} من متصفح جديد: ${device}، من ${address}، في ${at}.`,
    },
    factorChanged: {
      subject: (change, site) => `${change === 'added' ? 'أُضيفت' : 'أُزيلت'} طريقة لتسجيل الدخول: ${site}`,
      what: (change, factor, site) => {
        if (factor === 'everything') return `أُزيلت جميع مفاتيح المرور وتطبيق المصادقة ورموز الاسترداد من حسابك في ${site}.`;
        const name = factor === 'authenticator' ? 'تطبيق المصادقة' : `مفتاح المرور (${factor.passkey})`;
        return change === 'added' ? `أُضيف ${name} إلى حسابك في ${site}.` : `أُزيل ${name} من حسابك في ${site}.`;
      },
    },
    passwordChanged: { subject: (site) => `تغيّرت كلمة مرورك في ${site}`, what: (site) => `تغيّرت كلمة مرور حسابك في ${site}.` },
    passwordResetDone: (site, changed) =>
      `تغيّرت كلمة مرور حسابك في ${site} برابط إعادة تعيين أُرسل إلى هذا العنوان. وسُجّل الخروج من جميع المتصفحات.` +
      (changed.passkeysPaused ? ' مفاتيح المرور لديك موقوفة مؤقتًا: إلى أن تسجّل الدخول بكلمة المرور الجديدة وتُبقي عليها من «الحساب»، «الأمان»، لا يعمل مفتاح المرور إلا خطوةً بعد كلمة المرور، ولا يعمل وحده أبدًا.' : '') +
      (changed.tokensRevoked ? ' أُلغيت رموز API الخاصة بك: تُرفض أي أداة كانت تستخدم أحدها حتى تنشئ لها رمزًا جديدًا من «الحساب»، «رموز API».' : '') +
      ' ويبقى تطبيق المصادقة ورموز الاسترداد كما كانت.',
    recoveryEmailChanged: {
      subject: (site) => `تغيّر بريد الاسترداد لموقع ${site}`,
      what: (site, newEmail) =>
        `${newEmail === null ? `أُزيل بريد الاسترداد لحسابك في ${site}` : `تغيّر بريد الاسترداد لحسابك في ${site} إلى ${newEmail}`}. لن تصل روابط إعادة تعيين كلمة المرور وتسجيل الدخول إلى هذا العنوان بعد الآن.`,
      notYou: 'إن لم تكن أنت، فسجّل الدخول من متصفح استخدمته من قبل، وغيّر كلمة مرورك، وأعِد بريد الاسترداد كما كان.',
    },
  },
  contact: { subject: (name, site) => `رسالة جديدة من ${name} عبر ${site}`, wrote: (who) => `كتب ${who}:`, reply: 'ردّ على هذه الرسالة لتجيب المرسل.' },
  notices: {
    photos: (count) => arabicCount(count, { one: 'صورة واحدة', two: 'صورتان', few: 'صور', many: 'صورة', other: 'صورة' }),
    opened: (label, gallery) => `فتح ${label} المعرض «${gallery}»`,
    downloaded: (label, photo, gallery) =>
      photo === null ? `نزّل ${label} المعرض «${gallery}» كاملًا، وهو أول تنزيل عبر الرابط` : `نزّل ${label} «${photo}» من «${gallery}»، وهو أول تنزيل عبر الرابط`,
    commented: (label, photo, comment) => `علّق ${label} على «${photo}»: ${comment}`,
    picksSent: (label, gallery, photos) => `أرسل ${label} اختياراته في «${gallery}»: ${photos}`,
    picksInbox: (photos, gallery, titles, filter) => `اختيار ${photos} في المعرض «${gallery}»:\n\n${titles}\n\nمرشّح أسماء الملفات: ${filter}`,
    picksSubject: (label, photos, gallery) => `اختار ${label} ${photos} في ${gallery}`,
    picksFrom: (label, gallery, photos) => `أرسل ${label} اختياراته من المعرض «${gallery}» (${photos}):`,
    picksLocked: (site) => `تبقى الاختيارات مقفلة حتى تعيد فتحها من روابط المعرض في ${site}.`,
    where: (site) => `تجد نشاط الرابط في روابط المعرض في ${site}.`,
    digestSubject: (site, count) => `معارضك في ${site}: ${arabicCount(count, { one: 'إشعار واحد', two: 'إشعاران', few: 'إشعارات', many: 'إشعارًا', other: 'إشعار' })}`,
    digestSince: 'منذ الملخص الأخير:',
    digestWhere: (site) => `تجد نشاط كل رابط في روابط المعرض في ${site}.`,
  },
};

const WORDS: Record<Language, MailWords> = { en, de, fr, es, ja, ar };

export function mailWords(language: Language): MailWords {
  return WORDS[language];
}

/** The day a link ends, as its mails write it: "12 June 2030" in English (the spec's), by Intl in the others. */
export function mailDay(iso: string, language: Language): string {
  const locale = language === SOURCE_LANGUAGE ? 'en-GB' : language;
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** What a mail's HTML carries on `<html>`: its language and its reading direction. */
export const htmlLanguageOf = (language: Language) => ({ lang: language, dir: directionOf(language) });

/** A moment in a mail to the owner: "2030-06-12 10:00 UTC" in English (the spec's), by Intl in the others, always in UTC. */
export function mailTime(at: Date, language: Language): string {
  if (language === SOURCE_LANGUAGE) return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${at.toLocaleString(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}
