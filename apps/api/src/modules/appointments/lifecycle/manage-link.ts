import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEB_PATHS } from '@kindred/shared';

/**
 * The signed manage link in appointment mails (ADR 021): `<appointment id>.<HMAC-SHA256(secret, purpose:id[:v])>`.
 * Single purpose (the HMAC input names it, so no other token of ours verifies here); separate from the id (the id
 * alone is useless); it expires at the appointment's start (checked against the row on every use). The row's
 * `link_version` (migration 053) is signed too: moving the visit or starting the account's deletion raises it, which
 * ends every link mailed before (issue 25); version 0 signs as links were signed before it existed. Nothing else is
 * stored: the mail's stored copy withholds the token and a delivery after a restart derives it again (ADR 013).
 */
const PURPOSE = 'appointment-manage';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a link is signed over: the appointment and the version of its links. */
export type LinkedRow = { id: string; link_version: number };

export function createManageLinks(secret: string, publicUrl: string) {
  const sign = (r: LinkedRow) =>
    createHmac('sha256', secret)
      .update(r.link_version === 0 ? `${PURPOSE}:${r.id}` : `${PURPOSE}:${r.id}:${r.link_version}`)
      .digest('base64url');
  const token = (r: LinkedRow) => `${r.id}.${sign(r)}`;
  return {
    token,
    url: (r: LinkedRow) => `${publicUrl}${WEB_PATHS.appointmentManage}?token=${encodeURIComponent(token(r))}`,
    /** The appointment id a well-formed token names (not yet verified: see `verify`); null for anything else. */
    idOf(candidate: string): string | null {
      const [id, mac, extra] = candidate.split('.');
      return id && mac && extra === undefined && UUID.test(id) ? id : null;
    },
    /** Whether `candidate` is the current link of `row` (signed by us, for this version). */
    verify(candidate: string, row: LinkedRow): boolean {
      const mac = candidate.split('.')[1] ?? '';
      const want = Buffer.from(sign(row));
      const got = Buffer.from(mac);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
export type ManageLinks = ReturnType<typeof createManageLinks>;
