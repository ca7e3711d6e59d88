import { INBOX_PAGE_SIZES, INBOX_STATUSES, type InboxStatus } from '@kindred/shared/console-inbox.schemas';

/**
 * What the inbox shows, kept in the page's address (?status=&assignee=&q=&sort=&page=&size=&message=), so a view
 * can be reloaded, shared with a colleague and left with the Back button.
 */
export type InboxSearch = {
  status: InboxStatus | 'all';
  /** 'anyone', 'me', 'none' or a staff member's id. */
  assignee: string;
  q: string;
  sort: 'newest' | 'oldest';
  page: number;
  size: number;
};

export const DEFAULT_INBOX_SEARCH: InboxSearch = {
  status: 'all',
  assignee: 'anyone',
  q: '',
  sort: 'newest',
  page: 1,
  size: 25,
};

/** The view from the address; anything unknown falls back to the default. */
export function readInboxSearch(params: URLSearchParams): InboxSearch {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    status: (INBOX_STATUSES as readonly string[]).includes(status ?? '') ? (status as InboxStatus) : 'all',
    assignee: params.get('assignee') || 'anyone',
    q: (params.get('q') ?? '').slice(0, 100),
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (INBOX_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_INBOX_SEARCH.size,
  };
}

/** The address for a view: only what differs from the default. */
export function writeInboxSearch(s: InboxSearch): URLSearchParams {
  const out = new URLSearchParams();
  if (s.status !== 'all') out.set('status', s.status);
  if (s.assignee !== 'anyone') out.set('assignee', s.assignee);
  if (s.q.trim()) out.set('q', s.q.trim());
  if (s.sort !== 'newest') out.set('sort', s.sort);
  if (s.page > 1) out.set('page', String(s.page));
  if (s.size !== DEFAULT_INBOX_SEARCH.size) out.set('size', String(s.size));
  return out;
}

/** The API's query (GET admin/inbox/) for a view. */
export function toInboxQuery(s: InboxSearch): Record<string, string> {
  const q: Record<string, string> = { sort: s.sort, page: String(s.page), page_size: String(s.size) };
  if (s.status !== 'all') q.status = s.status;
  if (s.assignee !== 'anyone') q.assignee = s.assignee;
  if (s.q.trim()) q.q = s.q.trim();
  return q;
}
