import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ConsoleUserDetail } from '@kindred/shared/console-users.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { UserPage } from './user-page.tsx';

const api = mockApi();

const user: ConsoleUserDetail = {
  id: 'u1',
  first_name: 'Alex',
  last_name: 'Doe',
  email: 'alex@example.com',
  phone_number: '555-0100',
  role: 'parent',
  status: 'active',
  email_verified: true,
  disabled_at: null,
  disabled_reason: null,
  deletion_purge_after: null,
  created_at: '2026-01-05T10:00:00.000Z',
  last_sign_in_at: null,
  subscription: null,
  upcoming_appointments: 2,
  sign_ins: [],
  health: { preference_sets: 0, masked: true },
};

/** The console's answer for user u1, seen by an admin or by support. */
function answer(detail: ConsoleUserDetail, role: 'admin' | 'support' = 'admin') {
  api.use(
    http.get(apiUrl('admin/users/u1/'), () => HttpResponse.json({ success: true, user: detail })),
    http.get(apiUrl('auth/profile/'), () => HttpResponse.json({ success: true, user: { ...user, role } })),
    // An admin's "Grant complimentary plan" dialog loads the plans it offers.
    http.get(apiUrl('admin/users/plans/'), () => HttpResponse.json({ success: true, plans: [] })),
  );
}

/** The table's column headers and its body rows, cell by cell. */
function read(table: HTMLElement) {
  const [head, ...body] = within(table).getAllByRole('row');
  return {
    columns: within(head!)
      .getAllByRole('columnheader')
      .map((c) => c.textContent),
    rows: body.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ),
  };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the console user page: its record tables', () => {
  it("an admin sees the user's payments, appointments and sign-ins, one row each, under named columns", async () => {
    answer({
      ...user,
      payments: [
        {
          id: 'p1',
          created_at: '2026-02-01T12:00:00.000Z',
          plan_name: 'Premium',
          amount: '19.00',
          currency: 'USD',
          status: 'paid',
          kind: 'subscription',
        },
      ],
      appointments: [
        { id: 'a1', starts_at: null, status: 'cancelled', clinic: null, visit: null, time_zone: null },
        {
          id: 'a2',
          starts_at: '2026-03-01T15:00:00.000Z',
          status: 'pending',
          clinic: 'Harbor Fertility',
          visit: 'First consultation',
          time_zone: 'UTC',
        },
      ],
      sign_ins: [
        {
          started_at: '2026-01-06T08:00:00.000Z',
          last_used_at: '2026-01-07T08:00:00.000Z',
          remember: true,
          ended: false,
        },
        {
          started_at: '2026-01-02T08:00:00.000Z',
          last_used_at: '2026-01-02T09:00:00.000Z',
          remember: false,
          ended: true,
        },
      ],
    });
    renderUi(<UserPage id="u1" />);

    const payments = read(within(await screen.findByRole('region', { name: 'Payments' })).getByRole('table'));
    expect(payments.columns).toEqual(['Date', 'Plan', 'Amount', 'Status']);
    expect(payments.rows).toHaveLength(1);
    expect(payments.rows[0]!.slice(1)).toEqual(['Premium', '$19.00', 'paid']);

    const appointments = read(screen.getByRole('table', { name: 'Appointments' }));
    expect(appointments.columns).toEqual(['When', 'Clinic', 'Visit', 'Status']);
    expect(appointments.rows[0]).toEqual(['—', '—', '—', 'cancelled']);
    expect(appointments.rows[1]!.slice(1)).toEqual(['Harbor Fertility', 'First consultation', 'pending']);
    expect(appointments.rows[1]![0]).toMatch(/UTC/); // in the clinic's zone, named

    const signIns = read(screen.getByRole('table', { name: 'Sign-in history' }));
    expect(signIns.columns).toEqual(['Signed in', 'Last active', 'Remember me', 'Session']);
    expect(signIns.rows.map((r) => r.slice(2))).toEqual([
      ['Yes', 'Active'],
      ['No', 'Ended'],
    ]);
  });

  it('empty lists say so instead of showing an empty table', async () => {
    answer({ ...user, payments: [], appointments: [], sign_ins: [] });
    renderUi(<UserPage id="u1" />);
    expect((await screen.findByRole('region', { name: 'Payments' })).textContent).toContain('No payments.');
    expect(section('Appointments').textContent).toContain('No appointments.');
    expect(section('Sign-in history').textContent).toContain('No sign-ins.');
    expect(screen.queryByRole('table', { name: /Payments|Appointments|Sign-in history/ })).toBeNull();
  });

  it('support sees no payments and only how many appointments are ahead', async () => {
    answer(user, 'support');
    renderUi(<UserPage id="u1" />);
    expect((await screen.findByRole('region', { name: 'Appointments' })).textContent).toContain(
      '2 upcoming appointments',
    );
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Appointments' })).toBeNull();
  });
});
