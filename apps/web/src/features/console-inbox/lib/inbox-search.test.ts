import { describe, expect, it } from 'vitest';
import { DEFAULT_INBOX_SEARCH, readInboxSearch, toInboxQuery, writeInboxSearch } from './inbox-search.ts';

describe('inbox search in the address', () => {
  it('reads what it writes, and falls back to the default for anything unknown', () => {
    const view = { status: 'answered', assignee: 'me', q: 'refund', sort: 'oldest', page: 3, size: 10 } as const;
    expect(readInboxSearch(writeInboxSearch(view))).toEqual(view);
    expect(writeInboxSearch(DEFAULT_INBOX_SEARCH).toString()).toBe('');
    expect(readInboxSearch(new URLSearchParams('status=deleted&page=-2&size=7&sort=sideways'))).toEqual(
      DEFAULT_INBOX_SEARCH,
    );
  });

  it('asks the API only for the filters chosen', () => {
    expect(toInboxQuery(DEFAULT_INBOX_SEARCH)).toEqual({ sort: 'newest', page: '1', page_size: '25' });
    expect(toInboxQuery({ ...DEFAULT_INBOX_SEARCH, status: 'new', assignee: 'none', q: '  ivf ' })).toMatchObject({
      status: 'new',
      assignee: 'none',
      q: 'ivf',
    });
  });
});
