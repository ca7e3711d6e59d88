import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeSocket } from '../../../lib/use-realtime-socket.ts';
import { familyKey } from '../api/family.api.ts';

/**
 * Live updates from the partner (issue 29): keeps the realtime socket open while a family page is shown; when the
 * server says the family changed (`family_update`: a rating, a shared note, the shortlist, the link), every family
 * query is read again, so the partner's rating appears without a reload; so is whatever changed while the socket
 * was away. Returns whether the socket is open (the page says "live" then).
 */
export function useFamilyUpdates(enabled: boolean): boolean {
  const client = useQueryClient();
  return useRealtimeSocket({
    enabled,
    purpose: 'family',
    maxBackoffMs: 15_000,
    onMessage: (message) => {
      if (message.type === 'connection_established' || message.type === 'family_update')
        void client.invalidateQueries({ queryKey: familyKey });
    },
  });
}
