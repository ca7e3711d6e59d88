import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type UserDto } from '@kindred/shared';
import {
  APPOINTMENT_MSG,
  type ClinicDetailDto,
  type HeldTime,
  type SlotDto,
} from '@kindred/shared/appointments.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { localDateAhead } from '../../../lib/zoned-time.ts';
import type { BookingChoice } from '../lib/choice.ts';
import { BookingModal } from './booking-modal.tsx';

const api = mockApi();
const VT = '00000000-0000-4000-8000-0000000000a1';
const DR = '00000000-0000-4000-8000-0000000000c1';

const clinic: ClinicDetailDto = {
  reference_id: 'CL-1',
  name: 'Harbor Fertility',
  address: '1 Harbor St, Boston, MA',
  city: 'Boston',
  state: 'MA',
  time_zone: 'UTC',
  specialties: [],
  photo_url: null,
  is_fictional: false,
  distance_miles: null,
  rating: null,
  visit_types: [
    {
      id: VT,
      name: 'First consultation',
      category: 'ivf',
      mode: 'video',
      duration_minutes: 30,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 0,
      horizon_days: 60,
      change_notice_minutes: 1440,
      confirmation: 'request',
      active: true,
    },
  ],
  next_slots: [],
  description: '',
  clinicians: [{ id: DR, name: 'Dr. Lee', title: 'MD', languages: ['English'], photo_url: null }],
  banks: [],
};

const parent: UserDto = {
  id: 'u1',
  first_name: 'Alex',
  last_name: 'Doe',
  email: 'alex@example.com',
  phone_number: '',
  date_of_birth: '1990-01-01',
  relationship_to_child: 'parent',
  highest_education: '',
  race: '',
  ethnicity: '',
  role: 'user',
  subscription: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A free slot two days ahead at `hour`:00 UTC. */
function slot(hour: number): SlotDto {
  const starts = new Date(`${localDateAhead('UTC', 2)}T${String(hour).padStart(2, '0')}:00:00Z`);
  return {
    clinician_id: DR,
    visit_type_id: VT,
    starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + 30 * 60_000).toISOString(),
  };
}

const conflict = (message: string) => HttpResponse.json({ success: false, message, code: 'conflict' }, { status: 409 });

/** What the server saw: availability loads, holds asked for, holds let go, bookings. */
type Seen = { availability: number; holds: unknown[]; released: string[]; booked: unknown[] };

/** The clinic, its free times and the parent's own calls; `hold` answers POST hold (default: h1, h2, … in turn). */
function answer({
  slots = [slot(9), slot(10)],
  hold,
}: { slots?: SlotDto[]; hold?: (n: number) => Promise<Response> | Response } = {}): Seen {
  const seen: Seen = { availability: 0, holds: [], released: [], booked: [] };
  const expires = new Date(Date.now() + 10 * 60_000).toISOString();
  api.use(
    http.get(apiUrl('clinics/CL-1/'), () => HttpResponse.json({ success: true, clinic })),
    http.get(apiUrl('clinics/CL-1/availability/'), () => {
      seen.availability += 1;
      return HttpResponse.json({ success: true, time_zone: 'UTC', slots });
    }),
    http.get(apiUrl('appointments/my-appointments/'), () => HttpResponse.json({ success: true, appointments: [] })),
    http.get(apiUrl('auth/profile/'), () => HttpResponse.json({ success: true, user: parent })),
    http.post(apiUrl('appointments/hold/'), async ({ request }) => {
      seen.holds.push(await request.json());
      const n = seen.holds.length;
      return hold
        ? hold(n)
        : HttpResponse.json({ success: true, hold_id: `h${String(n)}`, expires_at: expires }, { status: 201 });
    }),
    http.delete(apiUrl('appointments/hold/:id/'), ({ params }) => {
      seen.released.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('appointments/create/'), async ({ request }) => {
      seen.booked.push(await request.json());
      return HttpResponse.json({ success: true, message: APPOINTMENT_MSG.booked, appointment: {} }, { status: 201 });
    }),
  );
  return seen;
}

const open = (choice: BookingChoice = { clinic: 'CL-1' }) =>
  renderUi(<BookingModal choice={choice} onClose={() => undefined} returnPath={() => '/book'} />);

/** The time chips of the shown day. */
async function times() {
  return within(await screen.findByRole('group', { name: /^Time \(/ })).getAllByRole('radio');
}

// Signed in; the modal goes before MSW's answers are reset (closing it lets a held time go).
beforeEach(() => localStorage.setItem(STORAGE_KEYS.userToken, 'token'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const holdStatus = () => screen.queryAllByRole('status').find((s) => s.textContent?.includes(' · ')) ?? null;

describe('the booking modal: holding the picked time (signed in)', () => {
  it('picking a time says "Holding this time…", then that it is held for the parent', async () => {
    let let_go!: () => void;
    const gate = new Promise<void>((resolve) => (let_go = resolve));
    const seen = answer({
      hold: async () => {
        await gate;
        return HttpResponse.json({ success: true, hold_id: 'h1', expires_at: new Date().toISOString() });
      },
    });
    const { user } = open();
    await user.click((await times())[0]!);
    await waitFor(() => expect(holdStatus()?.textContent).toContain('Holding this time…'));
    expect(seen.holds).toEqual([{ clinic: 'CL-1', visit_type_id: VT, clinician_id: DR, starts_at: slot(9).starts_at }]);
    let_go();
    await waitFor(() => expect(holdStatus()?.textContent).toContain('Held for you for 10 minutes'));
    expect(holdStatus()?.textContent).not.toContain('Holding this time…');
  });

  it('a time someone else just took (409): says so and loads the free times again', async () => {
    const seen = answer({ hold: () => conflict('Slot taken') });
    const { user } = open();
    await user.click((await times())[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe(APPOINTMENT_MSG.slotTaken);
    await waitFor(() => expect(seen.availability).toBe(2));
    expect(holdStatus()).toBeNull(); // no time is shown as chosen or held any more
    expect((await times()).some((t) => (t as HTMLInputElement).checked)).toBe(false);
  });

  it('picking another time lets the first hold go (DELETE) and holds the new one', async () => {
    const seen = answer();
    const { user, unmount } = open();
    await user.click((await times())[0]!);
    await waitFor(() => expect(holdStatus()?.textContent).toContain('Held for you for 10 minutes'));
    expect(seen.released).toEqual([]);
    await user.click((await times())[1]!);
    await waitFor(() => expect(seen.released).toEqual(['h1']));
    await waitFor(() => expect(holdStatus()?.textContent).toContain('Held for you for 10 minutes'));
    expect(seen.holds).toHaveLength(2);
    expect((seen.holds[1] as { starts_at: string }).starts_at).toBe(slot(10).starts_at);
    unmount(); // the modal goes: the second hold is let go too
    await waitFor(() => expect(seen.released).toEqual(['h1', 'h2']));
  });

  it('Cancel lets the held time go', async () => {
    const seen = answer();
    const { user } = open();
    await user.click((await times())[0]!);
    await waitFor(() => expect(holdStatus()?.textContent).toContain('Held for you for 10 minutes'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(seen.released).toEqual(['h1']));
  });

  it('booking sends the hold and uses it up: closing afterwards lets nothing go', async () => {
    const seen = answer();
    const { user, unmount } = open();
    await user.click((await times())[0]!);
    await waitFor(() => expect(holdStatus()?.textContent).toContain('Held for you for 10 minutes'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Alex Doe'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(seen.booked).toHaveLength(1));
    expect(seen.booked[0]).toMatchObject({ hold_id: 'h1', starts_at: slot(9).starts_at, clinic: 'CL-1' });
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.released).toEqual([]);
  });
});

describe('the booking modal: a waitlist offer', () => {
  const offer = (held: Partial<HeldTime> = {}) =>
    http.get(apiUrl('appointments/hold/:id/'), () =>
      HttpResponse.json({
        success: true,
        hold_id: 'offer-1',
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        clinic: 'CL-1',
        time_zone: 'UTC',
        offer: true,
        slot: slot(11),
        ...held,
      }),
    );

  it('opens on the offered time, chosen and held until its end; no new hold is asked for', async () => {
    const seen = answer({ slots: [slot(9)] });
    api.use(offer());
    open({ clinic: 'CL-1', offer: 'offer-1' });
    await waitFor(() => expect(holdStatus()?.textContent).toMatch(/A time from the waitlist, held for you until /));
    const chips = await times();
    expect(chips).toHaveLength(2); // the offered time is shown beside the free one
    expect(chips.filter((t) => (t as HTMLInputElement).checked)).toHaveLength(1);
    expect((chips[1] as HTMLInputElement).checked).toBe(true); // 11:00 after 09:00
    expect(seen.holds).toEqual([]);
  });

  it('"Not for me" passes the offer on (DELETE) and loads the free times again', async () => {
    const seen = answer({ slots: [slot(9)] });
    api.use(offer());
    const { user } = open({ clinic: 'CL-1', offer: 'offer-1' });
    const decline = await screen.findByRole('button', { name: 'Not for me: offer it to the next person waiting' });
    const loads = seen.availability;
    await user.click(decline);
    await waitFor(() => expect(seen.released).toEqual(['offer-1']));
    await waitFor(() => expect(seen.availability).toBeGreaterThan(loads));
    expect(screen.queryByRole('button', { name: /Not for me/ })).toBeNull();
    expect(holdStatus()).toBeNull();
  });

  it('an offer that ran out (409) says the hold expired', async () => {
    answer();
    api.use(http.get(apiUrl('appointments/hold/:id/'), () => conflict('Hold expired')));
    open({ clinic: 'CL-1', offer: 'offer-1' });
    expect((await screen.findByRole('alert')).textContent).toBe(APPOINTMENT_MSG.holdExpired);
    expect(holdStatus()).toBeNull();
  });
});
