/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750; the scheme's case does not
 * matter), `''` for the scheme without a token, null for no header or another scheme (a proxy's
 * Basic authentication in front of the site is not ours to judge).
 */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer(?:[ \t]+(.*))?$/i.exec(header.trim());
  if (!match) return null;
  return (match[1] ?? '').trim();
}
