/**
 * The sign-in page's `?next=`: a page that asked a visitor to sign in (the booking modal) sends them to
 * /login?next=<path> and gets them back with their choice kept in its address.
 */

/** Where a page sends a visitor to sign in and come back to `back`. */
export function signInReturnPath(loginPath: string, back: string): string {
  return `${loginPath}?${new URLSearchParams({ next: back }).toString()}`;
}

/** Only a path on this site may be returned to after sign-in (never another origin). */
export function safeReturnPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
