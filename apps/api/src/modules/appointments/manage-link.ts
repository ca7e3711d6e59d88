import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEB_PATHS } from '@kindred/shared';

/**
 * The signed manage link in appointment mails (ADR 021): `<appointment id>.<HMAC-SHA256(secret, purpose:id)>`.
 * Single purpose (the HMAC input names it, so no other token of ours verifies here); separate from the id (the id
 * alone is useless); it expires at the appointment's start (checked against the row on every use). Nothing is
 * stored: the mail's stored copy withholds the token and a delivery after a restart derives it again (ADR 013).
 */
const PURPOSE = 'appointment-manage';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createManageLinks(secret: string, publicUrl: string) {
  const sign = (id: string) => createHmac('sha256', secret).update(`${PURPOSE}:${id}`).digest('base64url');
  const token = (id: string) => `${id}.${sign(id)}`;
  return {
    token,
    url: (id: string) => `${publicUrl}${WEB_PATHS.appointmentManage}?token=${encodeURIComponent(token(id))}`,
    /** The appointment id a token names when its signature is ours; null for anything else. */
    idOf(candidate: string): string | null {
      const [id, mac, extra] = candidate.split('.');
      if (!id || !mac || extra !== undefined || !UUID.test(id)) return null;
      const want = Buffer.from(sign(id));
      const got = Buffer.from(mac);
      return want.length === got.length && timingSafeEqual(want, got) ? id : null;
    },
  };
}
export type ManageLinks = ReturnType<typeof createManageLinks>;
