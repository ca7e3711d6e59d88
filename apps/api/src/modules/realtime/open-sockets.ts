import type { RealtimeServerMessage } from '@kindred/shared/realtime.schemas';
import type { EventBus } from '../../lib/events.ts';

/** One open socket as revocation sees it: whose, which sign-in, and how to end it. */
export type TrackedSocket = {
  userId: string;
  /** The sign-in (refresh family) its token was issued for; absent on tokens issued before it was carried. */
  sid: string | undefined;
  /** Whether its token is still good (password unchanged, user still there). */
  stillValid(): Promise<boolean>;
  /** Closes it the way an ended session always has (4401, 'Your session has ended. Please sign in again.'). */
  end(): void;
  /** Sends a server message unasked (a partner's change, issue 29). */
  send?(message: RealtimeServerMessage): void;
  /** Tells the open app that the user's notifications changed (it sends the new unread count). */
  notificationsChanged?(): void;
};

const FAMILY_KINDS = new Set(['rating', 'note', 'shortlist', 'link', 'sets']);

/**
 * The sockets open on this instance, closed when any instance announces that a sign-in ended
 * (`kindred_revoke`: `{user}` after a password change or reset, `{user, sid}` after a logout).
 * - Password change: every socket of the user whose token no longer verifies (a socket opened with the new
 *   password's token in the meantime stays).
 * - Logout: the sockets of that sign-in. Access tokens carry their sign-in (`sid`) since ADR 015; an older token
 *   without it can only be matched by user, so it is closed too.
 * After the event listener reconnects (events may have been lost) every socket's token is checked again.
 */
export function createOpenSockets(events: Pick<EventBus, 'subscribe' | 'onReconnect'>) {
  const byUser = new Map<string, Set<TrackedSocket>>();

  const endInvalid = async (sockets: Iterable<TrackedSocket>) => {
    for (const s of [...sockets]) if (!(await s.stillValid().catch(() => true))) s.end();
  };

  const unsubscribe = events.subscribe('kindred_revoke', (payload) => {
    const sockets = byUser.get(String(payload.user));
    if (!sockets) return;
    if (typeof payload.sid === 'string') {
      for (const s of [...sockets]) if (s.sid === undefined || s.sid === payload.sid) s.end();
      return;
    }
    void endInvalid(sockets);
  });
  // A partner's change (kindred_family, ADR 028): each named user's open sockets are told to read the shortlist again.
  const unFamily = events.subscribe('kindred_family', (payload) => {
    const kind = String(payload.kind);
    if (!FAMILY_KINDS.has(kind) || !Array.isArray(payload.users)) return;
    const ref = typeof payload.ref === 'string' ? payload.ref : null;
    const message = {
      type: 'family_update',
      data: { kind, donor_reference_id: ref },
    } as RealtimeServerMessage;
    for (const user of payload.users) for (const s of byUser.get(String(user)) ?? []) s.send?.(message);
  });
  // Notifications (ADR 025): `kindred_notify` `{user}` after a notification is written, read or acknowledged.
  const unNotify = events.subscribe('kindred_notify', (payload) => {
    for (const s of byUser.get(String(payload.user)) ?? []) s.notificationsChanged?.();
  });
  const unReconnect = events.onReconnect(() => {
    for (const sockets of byUser.values()) {
      void endInvalid(sockets);
      for (const s of sockets) s.notificationsChanged?.();
    }
  });

  return {
    /** Tracks a socket until the returned function is called (on close). */
    track(socket: TrackedSocket): () => void {
      let set = byUser.get(socket.userId);
      if (!set) byUser.set(socket.userId, (set = new Set()));
      set.add(socket);
      return () => {
        set.delete(socket);
        if (set.size === 0 && byUser.get(socket.userId) === set) byUser.delete(socket.userId);
      };
    },
    close() {
      unsubscribe();
      unFamily();
      unNotify();
      unReconnect();
    },
  };
}
export type OpenSockets = ReturnType<typeof createOpenSockets>;
