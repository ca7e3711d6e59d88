import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InboxMessageDto } from '@kindred/shared/console-inbox.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { InboxConsole } from './inbox-console.tsx';

const api = mockApi();

const message = (i: number): InboxMessageDto => ({
  id: `m${i}`,
  name: `Sender ${i}`,
  email: `sender${i}@example.com`,
  reply_to: `sender${i}@example.com`,
  question: `Question number ${i} `.repeat(i === 1 ? 10 : 1),
  status: i % 2 ? 'new' : 'answered',
  assignee: i === 2 ? { id: 's1', name: 'Sam Support' } : null,
  reply_count: 0,
  created_at: new Date(Date.UTC(2026, 10, i, 9)).toISOString(),
  updated_at: null,
});

/** Answers the list with `total` messages, paged as asked, and records every query the page sent. */
function inbox(total: number) {
  const queries: URLSearchParams[] = [];
  api.use(
    http.get(apiUrl('admin/inbox/assignees/'), () =>
      HttpResponse.json({ results: [{ id: 's1', name: 'Sam Support' }] }),
    ),
    http.get(apiUrl('admin/inbox/'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const size = Number(q.get('page_size'));
      const page = Number(q.get('page'));
      const all = Array.from({ length: total }, (_, i) => message(i + 1));
      if (q.get('sort') === 'newest') all.reverse();
      return HttpResponse.json({ count: total, results: all.slice((page - 1) * size, page * size) });
    }),
  );
  return queries;
}

const table = () => screen.getByRole('table');
const lastQuery = (queries: URLSearchParams[]) => queries.at(-1)!;

describe('the console inbox table (server-side sort, filter and paging)', () => {
  it('shows a named loader, then the rows newest first, with the count', async () => {
    inbox(3);
    renderUi(<InboxConsole />, { path: '/admin/inbox' });
    expect(screen.getByRole('status', { name: 'Loading messages' })).toBeTruthy();
    await screen.findByRole('table');
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Sender 3sender3@example.com',
      'Sender 2sender2@example.com',
      'Sender 1sender1@example.com',
    ]);
    expect(screen.getByText('3 messages')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sam Support')).toBeTruthy();
    expect(within(rows[0]!).getByText('Nobody')).toBeTruthy();
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toMatch(/…$/); // a long message is cut short
  });

  it('the Received header sorts on the server and says which way (aria-sort)', async () => {
    const queries = inbox(3);
    const { user } = renderUi(<InboxConsole />, { path: '/admin/inbox' });
    await screen.findByRole('table');
    const header = screen.getByRole('columnheader', { name: /Received/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(lastQuery(queries).get('sort')).toBe('newest');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(queries).get('sort')).toBe('oldest'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Received/ }).getAttribute('aria-sort')).toBe('ascending'),
    );
    const first = within(table()).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('Sender 1');
  });

  it('a status filter and the pages go to the API, and back to page 1 when the filter changes', async () => {
    const queries = inbox(60);
    const { user } = renderUi(<InboxConsole />, { path: '/admin/inbox' });
    await screen.findByRole('table');
    expect(lastQuery(queries).get('page_size')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(queries).get('page')).toBe('3'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(1 + 10));
    // The segmented control's option (a radio), not the status badges in the rows.
    await user.click(screen.getByRole('radio', { name: 'Answered' }));
    await waitFor(() => expect(lastQuery(queries).get('status')).toBe('answered'));
    expect(lastQuery(queries).get('page')).toBe('1');
  });

  it('nothing found says so', async () => {
    inbox(0);
    renderUi(<InboxConsole />, { path: '/admin/inbox' });
    expect(await screen.findByText('No messages match.')).toBeTruthy();
  });

  it('a 403 from the API shows no access, not an error to retry', async () => {
    api.use(
      http.get(apiUrl('admin/inbox/assignees/'), () => HttpResponse.json({ results: [] })),
      http.get(apiUrl('admin/inbox/'), () =>
        HttpResponse.json(
          { success: false, message: 'You do not have permission.', code: 'forbidden' },
          { status: 403 },
        ),
      ),
    );
    renderUi(<InboxConsole />, { path: '/admin/inbox' });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
