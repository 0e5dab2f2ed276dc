/**
 * An image's text alternative: its alt text, else its title, else "Photo" (a title hidden as only
 * a file name is blank: a blank alt would tell a screen reader the image is decoration). A module
 * of its own, without zod, so the visitor's first-load script can use it without the request schemas.
 */
export const altOf = (photo: { title: string; altText?: string | null }): string => photo.altText || photo.title || 'Photo';

/**
 * A photo's name where a label needs one (a dialog's name, "Pick …", "Next photo: …"): its title,
 * else its alt text, else "Photo" (a title hidden from visitors as only a file name is blank).
 */
export const labelOf = (photo: { title: string; altText?: string | null }): string => photo.title || photo.altText || 'Photo';
