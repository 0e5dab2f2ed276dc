import { directionOf, SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';

/**
 * The words of the site's own mails in each language the site speaks (docs/translating.md). The
 * server is built by esbuild and tested under Vitest without Lingui's macros, so its words are
 * typed tables rather than a catalog: TypeScript asks each language for every text. English is
 * the spec's, word for word. A mail goes in its recipient's language: the owner's in the site's
 * default language, a client's in their link's language, else the site's default.
 */
export interface MailWords {
  passwordReset: {
    subject: (site: string) => string;
    asked: (site: string) => string;
    open: string;
    button: string;
    expires: string;
    notYou: string;
  };
  signInLink: {
    subject: (site: string) => string;
    asked: (site: string) => string;
    open: string;
    button: string;
    expires: string;
    notYou: string;
  };
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
