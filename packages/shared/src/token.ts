/** Client-side token states (spec section 4). No signature check: the server verifies every call. */
export type TokenState = 'valid' | 'no_token' | 'invalid_format' | 'expired' | 'decode_error';

/** Decodes a JWT payload without verifying it; null when it is not base64url JSON. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Classifies a stored token as the route guard does; `nowSeconds` is injected so the rule is testable. */
export function checkToken(token: string | null | undefined, nowSeconds: number): TokenState {
  if (!token) return 'no_token';
  if (token.split('.').length !== 3) return 'invalid_format';
  const payload = decodeTokenPayload(token);
  if (!payload) return 'decode_error';
  if (typeof payload.exp === 'number' && payload.exp < nowSeconds) return 'expired';
  return 'valid';
}
