import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@kindred/shared/alerts.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { AlertsCard } from './alerts-card.tsx';

const api = mockApi();

const alert = (over: Partial<Alert> = {}): Alert => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Tall egg donors',
  profile_id: null,
  donor_type: 'egg',
  filters: { ageMax: 35, includeReserved: true },
  paused: false,
  created_at: '2026-11-01T10:00:00.000Z',
  last_fired_at: '2026-11-20T09:30:00.000Z',
  hits: 3,
  ...over,
});

describe('the profile’s donor alerts', () => {
  it('lists each alert with its filters and the last time it fired; pause sends paused: true', async () => {
    let patched: unknown = null;
    let list = [
      alert(),
      alert({ id: '22222222-2222-4222-8222-222222222222', name: 'Never fired', last_fired_at: null, hits: 0 }),
    ];
    api.use(
      http.get(apiUrl('alerts/'), () => HttpResponse.json({ success: true, alerts: list })),
      http.patch(apiUrl(`alerts/${alert().id}/`), async ({ request }) => {
        patched = await request.json();
        list = [alert({ paused: true }), list[1]!];
        return HttpResponse.json({ success: true, alert: list[0] });
      }),
    );
    const { user } = renderUi(<AlertsCard />);
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Egg donors · age 18–35 · reserved donors included');
    expect(rows[0]!.textContent).toMatch(/Last fired .* · 3 donors so far/);
    expect(rows[1]!.textContent).toContain('Not fired yet');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Pause alert Tall egg donors' }));
    await waitFor(() => expect(patched).toEqual({ paused: true }));
    expect(await within(rows[0]!).findByText('Paused')).toBeTruthy();
  });

  it('says how to save one when there are none', async () => {
    api.use(http.get(apiUrl('alerts/'), () => HttpResponse.json({ success: true, alerts: [] })));
    renderUi(<AlertsCard />);
    expect(await screen.findByText(/No alerts yet\. On your matches page/)).toBeTruthy();
  });

  it('a failed load says so and offers to try again', async () => {
    api.use(
      http.get(apiUrl('alerts/'), () => HttpResponse.json({ success: false, message: 'Down.' }, { status: 500 })),
    );
    renderUi(<AlertsCard />);
    expect(await screen.findByText('We could not load your alerts', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
