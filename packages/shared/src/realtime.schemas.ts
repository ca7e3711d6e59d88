/**
 * The live match-count WebSocket (`/ws/realtime-matching/?token=<access token>`): the messages each side sends,
 * the limits the server enforces and the close codes it uses. OpenAPI does not describe sockets, so this file
 * (and the README's "Realtime match count" section) is the contract.
 */
import { z } from 'zod';
import { rawPreferencesSchema } from './preferences.ts';
import { donorTypeSchema } from './vocabulary.ts';

/** Limits per connection: a larger frame closes with 1009; more messages than this per window close with 4429. */
export const REALTIME_LIMITS = {
  maxMessageBytes: 16 * 1024,
  messagesPerWindow: 20,
  windowMs: 10_000,
  /** The server pings this often and drops a connection that has not answered the previous ping. */
  pingIntervalMs: 30_000,
  /** Open sockets one user may hold on one server (tabs of the wizard); one more is closed with 4429. */
  socketsPerUser: 5,
} as const;

/**
 * Close codes: 4401 bad, missing, expired or revoked token (a password change revokes it); 4400 malformed or
 * invalid message; 4429 too many messages, or too many open sockets for one user.
 */
export const REALTIME_CLOSE = {
  badToken: 4401,
  badMessage: 4400,
  tooManyMessages: 4429,
  /** Set by the WebSocket protocol itself for a frame over `maxMessageBytes`. */
  messageTooBig: 1009,
} as const;

/** The preference set as the wizard holds it, plus the coordinates of the parent's chosen place when known. */
export const realtimePreferencesSchema = rawPreferencesSchema.extend({
  location: z.string().max(200).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});

/** The one message a client sends: the whole current preference set, after every change. */
export const realtimeClientMessageSchema = z.object({
  type: z.literal('update_preferences'),
  preferences: realtimePreferencesSchema,
});
export type RealtimeClientMessage = z.input<typeof realtimeClientMessageSchema>;

/** Messages the server sends. `matching_results` counts donors passing every hard filter; it reveals no donor. */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection_established') }),
  z.object({
    type: z.literal('matching_results'),
    data: z.object({ total_matches: z.number().int().min(0), donor_type: donorTypeSchema.nullable() }),
  }),
  /** The signed-in user's unread notifications: sent whenever they change (ADR 025). */
  z.object({ type: z.literal('notifications'), data: z.object({ unread: z.number().int().min(0) }) }),
  z.object({ type: z.literal('error'), message: z.string() }),
  /** Sent unasked to a linked partner (issue 29): the family shortlist changed; read it again. */
  z.object({
    type: z.literal('family_update'),
    data: z.object({
      kind: z.enum(['rating', 'note', 'shortlist', 'link', 'sets']),
      donor_reference_id: z.string().nullable(),
    }),
  }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
