import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NotificationDto } from '@kindred/shared/notifications.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { NotificationsView } from './notifications-view.tsx';

const api = mockApi();

const note = (over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'donor_update',
  title: 'News about donor BEBEG000101',
  body: 'The bank posted an availability update.',
  link: '/donors/BEBEG000101',
  safety: false,
  created_at: '2026-11-20T09:30:00.000Z',
  read_at: null,
  acknowledged_at: null,
  resent_at: null,
  ...over,
});
const SAFETY = note({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'safety_notice',
  title: 'Safety notice about donor BEBEG000202',
  body: 'A medical update was posted.',
  link: '/donors/BEBEG000202',
  safety: true,
  resent_at: '2026-11-22T09:30:00.000Z',
});

/**
 * The server's list: `items` as it stands (mutations change it), filtered by the query the page sends; `seen`
 * collects each list request's query.
 */
function serve(items: NotificationDto[]) {
  const state = { items, seen: [] as URLSearchParams[], read: [] as string[][], acknowledged: [] as string[] };
  api.use(
    http.get(apiUrl('notifications/'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.seen.push(q);
      const shown = state.items.filter(
        (n) => (!q.get('kind') || n.kind === q.get('kind')) && (q.get('unread') !== 'true' || n.read_at === null),
      );
      return HttpResponse.json({
        success: true,
        total: shown.length,
        unread: state.items.filter((n) => n.read_at === null).length,
        page: 1,
        page_size: 20,
        notifications: shown,
      });
    }),
    http.post(apiUrl('notifications/read/'), async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      state.read.push(ids);
      state.items = state.items.map((n) => (ids.includes(n.id) ? { ...n, read_at: '2026-11-28T10:00:00.000Z' } : n));
      return HttpResponse.json({ success: true });
    }),
    http.post(apiUrl('notifications/read-all/'), () => {
      state.items = state.items.map((n) => ({ ...n, read_at: n.read_at ?? '2026-11-28T10:00:00.000Z' }));
      return HttpResponse.json({ success: true });
    }),
    http.post(apiUrl(`notifications/${SAFETY.id}/acknowledge/`), () => {
      state.acknowledged.push(SAFETY.id);
      state.items = state.items.map((n) =>
        n.id === SAFETY.id
          ? { ...n, read_at: '2026-11-28T10:00:00.000Z', acknowledged_at: '2026-11-28T10:00:00.000Z' }
          : n,
      );
      return HttpResponse.json({ success: true });
    }),
  );
  return state;
}

const items = () => screen.getAllByRole('listitem');

describe('the notification centre', () => {
  it('lists each notification with its kind, a link to its subject, and what is unread', async () => {
    serve([SAFETY, note()]);
    renderUi(<NotificationsView />);
    expect(screen.getByRole('status', { name: 'Loading your notifications' })).toBeTruthy();
    expect(await screen.findByText('2 unread of 2')).toBeTruthy();
    const [safety, update] = items();
    expect(safety!.getAttribute('aria-label')).toBe('Unread: Safety notice about donor BEBEG000202');
    expect(within(safety!).getByText('Safety notice')).toBeTruthy();
    // The 48 h resend is the same notice again, marked as a reminder, not a second one to read.
    expect(within(safety!).getByText('Reminder')).toBeTruthy();
    expect(safety!.textContent).toMatch(/Safety notices · .+ · sent again /);
    expect(within(update!).getByRole('link', { name: 'News about donor BEBEG000101' }).getAttribute('href')).toBe(
      '/donors/BEBEG000101',
    );
    expect(within(update!).queryByText('Reminder')).toBeNull();
  });

  it('a safety notice cannot be marked read, only confirmed as read; other kinds are marked read', async () => {
    const server = serve([SAFETY, note()]);
    const { user } = renderUi(<NotificationsView />);
    await screen.findByText('2 unread of 2');
    const [safety, update] = items();
    expect(within(safety!).queryByRole('button', { name: 'Mark read' })).toBeNull();
    await user.click(within(update!).getByRole('button', { name: 'Mark read' }));
    await screen.findByText('1 unread of 2');
    expect(server.read).toEqual([[note().id]]);
    await user.click(within(items()[0]!).getByRole('button', { name: 'I have read this' }));
    expect(await within(items()[0]!).findByText(/^You confirmed reading this on /)).toBeTruthy();
    expect(server.acknowledged).toEqual([SAFETY.id]);
    expect(screen.getByText('0 unread of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('filters by kind and by unread, and says when nothing matches', async () => {
    const server = serve([SAFETY, note({ read_at: '2026-11-21T09:30:00.000Z' })]);
    const { user } = renderUi(<NotificationsView />);
    await screen.findByText('1 unread of 2');
    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(server.seen.at(-1)!.get('unread')).toBe('true');
    // Mantine's Select: the input opens the list; the option is picked by its visible label.
    await user.click(screen.getAllByLabelText('Kind').find((el) => el.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Donor updates', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeTruthy();
    expect(server.seen.at(-1)!.get('kind')).toBe('donor_update');
  });

  it('"Mark all read" marks everything read', async () => {
    serve([SAFETY, note(), note({ id: '33333333-3333-4333-8333-333333333333', title: 'Third' })]);
    const { user } = renderUi(<NotificationsView />);
    await screen.findByText('3 unread of 3');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('0 unread of 3')).toBeTruthy();
    expect(items().every((li) => !li.getAttribute('aria-label')!.startsWith('Unread: '))).toBe(true);
  });

  it('says there is nothing yet, and a failed load offers to try again', async () => {
    serve([]);
    const first = renderUi(<NotificationsView />);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    first.unmount();
    api.use(http.get(apiUrl('notifications/'), () => HttpResponse.json({ message: 'Down.' }, { status: 500 })));
    renderUi(<NotificationsView />);
    expect(await screen.findByText('Could not load your notifications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
