import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VisitTypeDto } from '@kindred/shared/appointments.schemas';
import type { VisitTypeRequest } from '@kindred/shared/clinic-portal.schemas';
import type { ConsoleClinicDto } from '@kindred/shared/console-clinics.schemas';
import { apiUrl, mockApi } from '../../../../test/msw.ts';
import { renderUi } from '../../../../test/render.tsx';
import { ClinicManager } from '../../console-clinics/components/clinic-manager.tsx';
import { PortalVisitTypes } from './schedule-tab.tsx';

const api = mockApi();

const intro: VisitTypeDto = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Intro call',
  category: 'ivf',
  mode: 'video',
  duration_minutes: 30,
  buffer_before_minutes: 0,
  buffer_after_minutes: 10,
  min_notice_minutes: 120,
  horizon_days: 60,
  change_notice_minutes: 1440,
  confirmation: 'request',
  active: true,
};

const clinic: ConsoleClinicDto = {
  reference_id: 'CLN-T1',
  name: 'Harbour Fertility (fictional)',
  address: '12 Quay Street',
  city: 'Boston',
  state: 'MA',
  latitude: 42.36,
  longitude: -71.06,
  time_zone: 'America/New_York',
  specialties: ['ivf'],
  photo_url: null,
  active: true,
  banks: [],
  clinicians: [],
  visit_types: [intro],
};

/** Each wiring of the one editor: how it is shown, and the routes it reads and saves through. */
type Wiring = {
  name: string;
  /** Answers the list with `types`, renders, and waits until the editor is on screen. */
  open: (types: VisitTypeDto[]) => Promise<ReturnType<typeof renderUi>>;
  /** Answers a save (POST with `id` null, else PUT) with `answer`, recording each body sent. */
  onSave: (id: string | null, answer: (body: VisitTypeRequest) => Response, sent: VisitTypeRequest[]) => void;
};

let current: VisitTypeDto[] = [];

/** Waits until the list has come: its table, or the sentence of an empty one. */
const listed = () =>
  waitFor(() =>
    expect(
      screen.queryByRole('table', { name: 'Visit types' }) ?? screen.queryByText('No visit types yet.'),
    ).toBeTruthy(),
  );

const portal: Wiring = {
  name: 'the clinic portal',
  open: async (types) => {
    current = types;
    api.use(http.get(apiUrl('clinic/visit-types/'), () => HttpResponse.json({ success: true, visit_types: current })));
    const ui = renderUi(<PortalVisitTypes />);
    await screen.findByRole('heading', { name: 'Visit types', level: 2 });
    await listed();
    return ui;
  },
  onSave: (id, answer, sent) => {
    const path = id ? `clinic/visit-types/${id}/` : 'clinic/visit-types/';
    const handler = async ({ request }: { request: Request }) => {
      const body = (await request.json()) as VisitTypeRequest;
      sent.push(body);
      return answer(body);
    };
    api.use(id ? http.put(apiUrl(path), handler) : http.post(apiUrl(path), handler));
  },
};

const consoleWiring: Wiring = {
  name: 'the operator console',
  open: async (types) => {
    current = types;
    const answer = () => HttpResponse.json({ success: true, clinic: { ...clinic, visit_types: current } });
    api.use(http.get(apiUrl(`admin/clinics/${clinic.reference_id}/`), answer));
    const ui = renderUi(<ClinicManager clinics={[clinic]} />);
    await ui.user.click(screen.getByRole('combobox', { name: 'Open for editing' }));
    await ui.user.click(
      await screen.findByRole('option', { name: `${clinic.name} (${clinic.reference_id})`, hidden: true }),
    );
    await screen.findByRole('heading', { name: 'Visit types', level: 3 });
    await listed();
    return ui;
  },
  onSave: (id, answer, sent) => {
    const base = `admin/clinics/${clinic.reference_id}/visit-types/`;
    const handler = async ({ request }: { request: Request }) => {
      const body = (await request.json()) as VisitTypeRequest;
      sent.push(body);
      return answer(body);
    };
    api.use(id ? http.put(apiUrl(`${base}${id}/`), handler) : http.post(apiUrl(base), handler));
  },
};

/** The answer of a save that succeeded: the portal sends the visit type, the console the clinic as saved. */
function saved(wiring: Wiring, body: VisitTypeRequest, id: string) {
  const saved = { id, ...body };
  current = current.some((v) => v.id === id) ? current.map((v) => (v.id === id ? saved : v)) : [...current, saved];
  return wiring === portal
    ? HttpResponse.json({ success: true, message: 'Visit type saved.', visit_type: saved }, { status: id ? 200 : 201 })
    : HttpResponse.json({ success: true, message: 'Visit type saved.', clinic: { ...clinic, visit_types: current } });
}

/** The message shown under an input (what its aria-describedby points to), or null. */
function errorOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || null
  );
}

const value = (input: HTMLElement) => (input as HTMLInputElement).value;

const rows = () =>
  within(screen.getByRole('table', { name: 'Visit types' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell'));

describe.each([portal, consoleWiring])('the visit types editor in $name', (wiring) => {
  it('lists the visit types under the same columns', async () => {
    await wiring.open([intro]);
    const table = screen.getByRole('table', { name: 'Visit types' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'Category', 'Mode', 'Duration', 'Confirmation', 'Status', 'Edit']);
    const [row] = rows();
    expect(row!.slice(0, 4).map((c) => c.textContent)).toEqual(['Intro call', 'IVF consultation', 'Video', '30 min']);
    expect(value(within(table).getByRole('combobox', { name: 'Confirmation of Intro call' }))).toBe('Confirm requests');
    expect(row![5]!.textContent).toBe('ActiveDeactivate');
    expect(within(row![5]!).getByRole('button', { name: 'Deactivate Intro call' }).textContent).toBe('Deactivate');
  });

  it('an empty list says so', async () => {
    await wiring.open([]);
    expect(screen.getByText('No visit types yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Visit types' })).toBeNull();
  });

  it('adding validates in the form, then puts the server’s field error under its field', async () => {
    const { user } = await wiring.open([]);
    const sent: VisitTypeRequest[] = [];
    wiring.onSave(
      null,
      () =>
        HttpResponse.json({ message: 'Too far.', horizon_days: ['Too far ahead for this clinic.'] }, { status: 400 }),
      sent,
    );
    const form = screen.getByRole('form', { name: 'Add a visit type' });
    await user.click(within(form).getByRole('button', { name: 'Add visit type' }));
    const name = within(form).getByRole('textbox', { name: 'Visit type name' });
    expect(errorOf(name)).toBe('Give the visit type a name.');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(sent).toEqual([]);

    await user.type(name, 'Egg freezing talk');
    const horizon = within(form).getByRole('textbox', { name: 'Booking horizon (days)' });
    await user.clear(horizon);
    await user.type(horizon, '90');
    await user.click(within(form).getByRole('button', { name: 'Add visit type' }));
    await waitFor(() => expect(errorOf(horizon)).toBe('Too far ahead for this clinic.'));
    expect(errorOf(name)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(horizon));
    expect(within(form).getByRole('alert').textContent).toContain('Too far.');
    expect(sent).toEqual([expect.objectContaining({ name: 'Egg freezing talk', horizon_days: 90 })]);
  });

  it('adding saves every field and lists the new visit type', async () => {
    const { user } = await wiring.open([]);
    const sent: VisitTypeRequest[] = [];
    wiring.onSave(null, (body) => saved(wiring, body, '00000000-0000-4000-8000-0000000000b2'), sent);
    const form = screen.getByRole('form', { name: 'Add a visit type' });
    await user.type(within(form).getByRole('textbox', { name: 'Visit type name' }), 'Egg freezing talk');
    const buffer = within(form).getByRole('textbox', { name: 'Buffer before (minutes)' });
    await user.clear(buffer);
    await user.type(buffer, '15');
    await user.click(within(form).getByRole('button', { name: 'Add visit type' }));
    await waitFor(() => expect(rows().map((r) => r[0]!.textContent)).toEqual(['Egg freezing talk']));
    expect(sent[0]).toMatchObject({ name: 'Egg freezing talk', buffer_before_minutes: 15, active: true });
    // The add form is empty again for the next one.
    expect(value(within(form).getByRole('textbox', { name: 'Visit type name' }))).toBe('');
  });

  it('Edit opens every field of a visit type and saves the change', async () => {
    const { user } = await wiring.open([intro]);
    const sent: VisitTypeRequest[] = [];
    wiring.onSave(intro.id, (body) => saved(wiring, body, intro.id), sent);
    await user.click(screen.getByRole('button', { name: 'Edit Intro call' }));
    const form = screen.getByRole('form', { name: 'Edit Intro call' });
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Visit type name' }));
    expect(value(within(form).getByRole('textbox', { name: 'Buffer after (minutes)' }))).toBe('10');
    expect(value(within(form).getByRole('textbox', { name: 'Minimum notice (minutes)' }))).toBe('120');
    const window = within(form).getByRole('textbox', { name: 'Change window (minutes before the visit)' });
    await user.clear(window);
    await user.type(window, '2880');
    const duration = within(form).getByRole('textbox', { name: 'Duration (minutes)' });
    await user.clear(duration);
    await user.type(duration, '45');
    await user.click(within(form).getByRole('button', { name: 'Save visit type' }));
    await waitFor(() => expect(rows()[0]![3]!.textContent).toBe('45 min'));
    expect(sent).toEqual([{ ...visitTypeBodyOf(intro), duration_minutes: 45, change_notice_minutes: 2880 }]);
    // Saved: the edit form gives its place back to the add form.
    expect(screen.queryByRole('form', { name: 'Edit Intro call' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Add a visit type' })).toBeTruthy();
  });

  it('the status button deactivates and activates a visit type in place', async () => {
    const { user } = await wiring.open([intro]);
    const sent: VisitTypeRequest[] = [];
    wiring.onSave(intro.id, (body) => saved(wiring, body, intro.id), sent);
    await user.click(screen.getByRole('button', { name: 'Deactivate Intro call' }));
    const activate = await screen.findByRole('button', { name: 'Activate Intro call' });
    expect(rows()[0]![5]!.textContent).toBe('InactiveActivate');
    await user.click(activate);
    await screen.findByRole('button', { name: 'Deactivate Intro call' });
    expect(sent).toEqual([
      { ...visitTypeBodyOf(intro), active: false },
      { ...visitTypeBodyOf(intro), active: true },
    ]);
  });
});

function visitTypeBodyOf({ id: _id, ...body }: VisitTypeDto): VisitTypeRequest {
  return body;
}
