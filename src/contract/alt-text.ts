/**
 * An image's text alternative: its alt text, else its title. A module of its own,
 * without zod, so the visitor's first-load script can use it without the request schemas.
 */
export const altOf = (photo: { title: string; altText?: string | null }): string => photo.altText || photo.title;
