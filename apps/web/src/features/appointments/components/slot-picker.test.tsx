import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SlotDto } from '@kindred/shared/appointments.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { localDateAhead, parentZone } from '../../../lib/zoned-time.ts';
import { SlotPicker } from './slot-picker.tsx';

const api = mockApi();
const AVAILABILITY = apiUrl('clinics/CL-1/availability/');

/** A free slot `days` ahead at `hour`:00 UTC. */
function slot(days: number, hour: number, clinician = 'c1'): SlotDto {
  const date = localDateAhead('UTC', days);
  const starts = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  return {
    clinician_id: clinician,
    visit_type_id: 'vt1',
    starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + 30 * 60_000).toISOString(),
  };
}

function answer(slots: SlotDto[], seen: URL[] = []) {
  api.use(
    http.get(AVAILABILITY, ({ request }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json({ time_zone: 'UTC', slots });
    }),
  );
  return seen;
}

const times = () =>
  screen
    .queryAllByRole('radio')
    .filter((r) => r.getAttribute('name')?.length && r.closest('fieldset')?.textContent?.includes('Time ('));

describe('the slot picker (booking and rescheduling)', () => {
  it("says it is loading, then shows the days with free times and that day's times in the parent's zone", async () => {
    const seen = answer([slot(2, 9), slot(2, 10), slot(3, 9)]);
    renderUi(<SlotPicker clinic="CL-1" visitTypeId="vt1" value={null} onChange={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain('Loading free times');
    await screen.findByText('Date');
    expect(times()).toHaveLength(2); // the first day's two times
    expect(screen.getByText(/your time zone\)/).textContent).toMatch(/^Time \(.+; your time zone\)$/);
    expect(seen[0]!.searchParams.get('visit_type')).toBe('vt1');
    expect(seen[0]!.searchParams.get('days')).toBe('14');
    expect(seen[0]!.searchParams.get('from')).toBe(localDateAhead(parentZone(), 0));
  });

  it('with any clinician, one chip per time; picking one hands that slot to the form', async () => {
    answer([slot(2, 9, 'c1'), slot(2, 9, 'c2'), slot(2, 11, 'c2')]);
    const onChange = vi.fn();
    const { user } = renderUi(<SlotPicker clinic="CL-1" visitTypeId="vt1" value={null} onChange={onChange} />);
    await screen.findByText('Date');
    expect(times()).toHaveLength(2);
    await user.click(times()[1]!);
    expect(onChange).toHaveBeenCalledWith(slot(2, 11, 'c2'));
  });

  it('a held time stays shown and chosen after a reload, though it is no longer free', async () => {
    const held = slot(2, 9);
    answer([slot(2, 10)]);
    renderUi(<SlotPicker clinic="CL-1" visitTypeId="vt1" value={held} onChange={() => undefined} />);
    await screen.findByText('Date');
    expect(times()).toHaveLength(2);
    expect((times()[0] as HTMLInputElement).checked).toBe(true);
  });

  it("a reschedule does not offer the visit's own time", async () => {
    const current = slot(2, 9);
    answer([current, slot(2, 10)]);
    renderUi(
      <SlotPicker
        clinic="CL-1"
        visitTypeId="vt1"
        value={null}
        onChange={() => undefined}
        exclude={current.starts_at}
      />,
    );
    await screen.findByText('Date');
    expect(times()).toHaveLength(1);
  });

  it('no free times: says so, and "Later dates" asks for the next two weeks', async () => {
    const seen = answer([]);
    const { user } = renderUi(<SlotPicker clinic="CL-1" visitTypeId="vt1" value={null} onChange={() => undefined} />);
    await screen.findByText('No free times in these two weeks.');
    expect(screen.queryByRole('button', { name: 'Earlier dates' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Later dates' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.searchParams.get('from')).toBe(localDateAhead(parentZone(), 14));
    expect(await screen.findByRole('button', { name: 'Earlier dates' })).toBeTruthy();
  });

  it('a failed load says so and "Try again" asks again', async () => {
    let calls = 0;
    api.use(
      http.get(AVAILABILITY, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'Service unavailable', code: 'unavailable' }, { status: 503 })
          : HttpResponse.json({ time_zone: 'UTC', slots: [slot(2, 9)] });
      }),
    );
    const { user } = renderUi(<SlotPicker clinic="CL-1" visitTypeId="vt1" value={null} onChange={() => undefined} />);
    await screen.findByText('We could not load the free times');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Date');
    expect(times()).toHaveLength(1);
  });
});
