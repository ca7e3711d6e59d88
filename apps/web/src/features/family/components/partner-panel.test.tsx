import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FamilyState } from '@kindred/shared/family.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { PartnerPanel } from './partner-panel.tsx';

const api = mockApi();

const linked: FamilyState = {
  success: true,
  family: {
    id: '00000000-0000-4000-8000-000000000001',
    linked_at: '2026-11-01T10:00:00.000Z',
    members: [
      { user_id: 'me', first_name: 'Alex', last_name: 'Doe', is_me: true },
      { user_id: 'p', first_name: 'Blair', last_name: 'Roe', is_me: false },
    ],
  },
  invite: null,
  sets: [
    {
      id: '00000000-0000-4000-8000-0000000000aa',
      donor_type: 'egg',
      location: 'New York, NY',
      owner: 'me',
      owner_name: 'You',
      includes_health_answers: true,
      shared: false,
    },
  ],
};

describe('the partner panel on the profile', () => {
  it('sends no invitation until the consent box is ticked, then sends the address with consent', async () => {
    const sent: unknown[] = [];
    api.use(
      http.get(apiUrl('family/'), () => HttpResponse.json({ success: true, family: null, invite: null, sets: [] })),
      http.post(apiUrl('family/invites/'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, family: null, invite: null, sets: [] });
      }),
    );
    const { user } = renderUi(<PartnerPanel />);
    await user.type(await screen.findByLabelText("Your partner's e-mail"), 'blair@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please confirm that you agree to link your accounts.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /I agree to link my account/ }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByRole('button', { name: 'Send invitation' });
    await expect.poll(() => sent).toEqual([{ email: 'blair@example.com', consent: true }]);
  });

  it("shares a set without the owner's health answers unless the box is ticked at sharing time", async () => {
    const shares: unknown[] = [];
    api.use(
      http.get(apiUrl('family/'), () => HttpResponse.json(linked)),
      http.post(apiUrl('family/shared-sets/'), async ({ request }) => {
        shares.push(await request.json());
        return HttpResponse.json(linked);
      }),
    );
    const { user } = renderUi(<PartnerPanel />);
    expect(await screen.findByText(/You decide together with/)).toBeTruthy();
    const share = screen.getByRole('button', { name: /Share Egg Donor preferences .* with Blair/ });
    await user.click(share);
    await expect.poll(() => shares.length).toBe(1);
    await user.click(screen.getByRole('checkbox', { name: /Include my own health answers/ }));
    await user.click(share);
    await expect.poll(() => shares.length).toBe(2);
    expect(shares).toEqual([
      { preference_set_id: linked.sets[0]!.id, include_health_answers: false },
      { preference_set_id: linked.sets[0]!.id, include_health_answers: true },
    ]);
  });
});
