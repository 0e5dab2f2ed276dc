import { i18n } from './i18n.ts';

/**
 * Dates, times and file sizes as the language shown now writes them (Intl, through Lingui's
 * `i18n`), never the browser's own locale: the admin says "28. Nov. 2026, 10:35" in German and
 * "٢٨ نوفمبر ٢٠٢٦" in Arabic. Read while drawing, so a switch of language redraws them.
 */

/** A moment: "Nov 28, 2026, 10:35 AM". */
export function formatDateTime(iso: string | Date): string {
  return i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day: "November 28, 2026". */
export function formatDay(iso: string | Date, options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' }): string {
  return i18n.date(iso, options);
}

/** A count with the language's digits and grouping: "1,234", "1.234", "١٬٢٣٤". */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return i18n.number(value, options);
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file's size in the largest unit that keeps it at 1 or more: "12 MB", "12 Mo", "12 م.ب". */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return i18n.number(value, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 });
}
