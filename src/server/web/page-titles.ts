import type { Language } from '#contract/languages.ts';

/**
 * The titles the server gives the screens that have none of the owner's words (the tab's name and
 * a link's preview), in each language. English is the spec's, as it was; the rest are written for
 * a browser tab: short, in the language's usual words for the screen. TypeScript asks every
 * language for every title.
 */
export interface ScreenTitles {
  login: string;
  'forgot-password': string;
  'reset-password': string;
  'clear-cache': string;
  notFound: string;
  gallery: string;
  galleryNotFound: string;
  photoNotFound: string;
}

const TITLES: Record<Language, ScreenTitles> = {
  en: {
    login: 'Login',
    'forgot-password': 'Forgot password',
    'reset-password': 'Reset password',
    'clear-cache': 'Clear cache',
    notFound: '404 Page Not Found',
    gallery: 'Gallery',
    galleryNotFound: 'Gallery Not Found',
    photoNotFound: 'Photo Not Found',
  },
  de: {
    login: 'Anmelden',
    'forgot-password': 'Passwort vergessen',
    'reset-password': 'Passwort zurücksetzen',
    'clear-cache': 'Cache leeren',
    notFound: '404 – Seite nicht gefunden',
    gallery: 'Galerie',
    galleryNotFound: 'Galerie nicht gefunden',
    photoNotFound: 'Foto nicht gefunden',
  },
  fr: {
    login: 'Connexion',
    'forgot-password': 'Mot de passe oublié',
    'reset-password': 'Réinitialiser le mot de passe',
    'clear-cache': 'Vider le cache',
    notFound: '404 – Page introuvable',
    gallery: 'Galerie',
    galleryNotFound: 'Galerie introuvable',
    photoNotFound: 'Photo introuvable',
  },
  es: {
    login: 'Iniciar sesión',
    'forgot-password': 'Recuperar la contraseña',
    'reset-password': 'Restablecer la contraseña',
    'clear-cache': 'Borrar la caché',
    notFound: '404: página no encontrada',
    gallery: 'Galería',
    galleryNotFound: 'Galería no encontrada',
    photoNotFound: 'Foto no encontrada',
  },
  ja: {
    login: 'ログイン',
    'forgot-password': 'パスワードをお忘れの方',
    'reset-password': 'パスワードの再設定',
    'clear-cache': 'キャッシュの消去',
    notFound: '404 ページが見つかりません',
    gallery: 'ギャラリー',
    galleryNotFound: 'ギャラリーが見つかりません',
    photoNotFound: '写真が見つかりません',
  },
  ar: {
    login: 'تسجيل الدخول',
    'forgot-password': 'نسيت كلمة المرور',
    'reset-password': 'إعادة تعيين كلمة المرور',
    'clear-cache': 'مسح ذاكرة التخزين المؤقت',
    notFound: '404 الصفحة غير موجودة',
    gallery: 'المعرض',
    galleryNotFound: 'المعرض غير موجود',
    photoNotFound: 'الصورة غير موجودة',
  },
};

export function screenTitles(language: Language): ScreenTitles {
  return TITLES[language];
}
