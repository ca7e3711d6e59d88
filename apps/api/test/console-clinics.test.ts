import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '@kindred/shared';
import { NEW_VISIT_TYPE } from '@kindred/shared/clinic-portal.schemas';
import { CONSOLE_CLINIC_MSG } from '@kindred/shared/console-clinics.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  login,
  newParent,
  type TestContext,
} from './harness.ts';
import { wideRates } from './payments-helpers.ts';

/** The operator console's clinics (issue 15): create and edit clinics, clinicians, visit types, banks; audited. */

const CLINICS = '/api/v1/admin/clinics/';
const clinicUrl = (ref: string, rest = '') => `${CLINICS}${ref}/${rest}`;

async function signedInAs(ctx: TestContext, role: UserRole): Promise<{ id: string; access: string }> {
  const p = await newParent(ctx.app);
  await ctx.db.query('update users set role = $2 where id = $1', [p.id, role]);
  const res = await login(ctx.app, p.email, p.password);
  expect(res.statusCode, res.body).toBe(200);
  return { id: p.id, access: res.json().tokens.access };
}

const CLINIC = {
  reference_id: 'CLN-TST',
  name: 'Harbour Fertility (fictional)',
  address: '12 Quay Street',
  city: 'Boston',
  state: 'MA',
  time_zone: 'America/New_York',
  specialties: ['egg', 'ivf'],
  photo_url: '',
};

describe('console: clinics', () => {
  let ctx: TestContext;
  let admin: { id: string; access: string };
  let support: { id: string; access: string };

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    admin = await signedInAs(ctx, 'admin');
    support = await signedInAs(ctx, 'support');
  });
  afterAll(async () => ctx?.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const audit = (action: string) =>
    ctx.db.query<{ actor_id: string; target_id: string; diff: Record<string, [unknown, unknown]> }>(
      'select actor_id, target_id, diff from audit_log where action = $1 order by id',
      [action],
    );

  it('creates a clinic with coordinates from the geocoder, and refuses bad input with clear 400s', async () => {
    const bad = await call(admin.access, 'POST', CLINICS, {
      ...CLINIC,
      reference_id: 'lower case',
      time_zone: 'Mars/Olympus',
      name: '',
      photo_url: 'http://insecure.example/p.jpg',
    });
    expect(bad.statusCode).toBe(400);
    expectDocumentedErrorShape(bad);
    expect(bad.json()).toMatchObject({
      reference_id: [CONSOLE_CLINIC_MSG.referenceFormat],
      time_zone: [CONSOLE_CLINIC_MSG.timeZone],
      name: ['Give the clinic name.'],
      photo_url: ['The photo must be an https address.'],
    });
    const nowhere = await call(admin.access, 'POST', CLINICS, { ...CLINIC, city: 'Qqqqzzz', state: 'ZZ' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().city).toEqual([CONSOLE_CLINIC_MSG.placeNotFound]);

    const res = await call(admin.access, 'POST', CLINICS, CLINIC);
    expect(res.statusCode, res.body).toBe(201);
    const clinic = res.json().clinic;
    expect(clinic).toMatchObject({ reference_id: 'CLN-TST', time_zone: 'America/New_York', photo_url: null });
    expect(clinic.latitude).toBeCloseTo(42.36, 0);
    expect(clinic.longitude).toBeCloseTo(-71.06, 0);
    const [row] = await audit('clinic.create');
    expect(row).toMatchObject({ actor_id: admin.id, target_id: 'CLN-TST', diff: { name: [null, CLINIC.name] } });

    const again = await call(admin.access, 'POST', CLINICS, CLINIC);
    expect(again.statusCode).toBe(409);
    expectDocumentedErrorShape(again);
    // The clinics list (with staff invitations) shows it.
    const list = (await call(admin.access, 'GET', CLINICS)).json();
    expect(list.clinics.map((c: { reference_id: string }) => c.reference_id)).toContain('CLN-TST');
  });

  it('edits the clinic, links banks, adds and edits a clinician and a visit type: each change audited', async () => {
    const edit = await call(admin.access, 'PUT', clinicUrl('CLN-TST'), {
      ...CLINIC,
      reference_id: undefined,
      name: 'Harbour Fertility Centre (fictional)',
      city: 'Chicago',
      state: 'IL',
      time_zone: 'America/Chicago',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().clinic.latitude).toBeCloseTo(41.88, 0);
    expect((await audit('clinic.update')).at(-1)!.diff).toMatchObject({
      name: [CLINIC.name, 'Harbour Fertility Centre (fictional)'],
      city: ['Boston', 'Chicago'],
      time_zone: ['America/New_York', 'America/Chicago'],
    });

    const banks = await call(admin.access, 'PUT', clinicUrl('CLN-TST', 'banks/'), {
      banks: ['Northstar Cryobank (fictional)', 'Bluebell Egg Bank (fictional)'],
    });
    expect(banks.json().clinic.banks).toEqual(['Bluebell Egg Bank (fictional)', 'Northstar Cryobank (fictional)']);
    expect((await audit('clinic.banks')).at(-1)!.diff).toEqual({
      banks: [[], ['Bluebell Egg Bank (fictional)', 'Northstar Cryobank (fictional)']],
    });

    const noLanguage = await call(admin.access, 'POST', clinicUrl('CLN-TST', 'clinicians/'), {
      name: 'Dr. Noor Hale',
      title: 'Reproductive endocrinologist',
      languages: [],
    });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().languages).toEqual(['Give at least one language.']);
    const added = await call(admin.access, 'POST', clinicUrl('CLN-TST', 'clinicians/'), {
      name: 'Dr. Noor Hale',
      title: 'Reproductive endocrinologist',
      languages: ['English', 'Arabic'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const clinician = added.json().clinic.clinicians[0];
    expect(clinician).toMatchObject({ name: 'Dr. Noor Hale', languages: ['English', 'Arabic'], active: true });
    const [created] = await audit('clinician.create');
    expect(created!.target_id).toBe(clinician.id);
    expect(JSON.stringify(created!.diff)).not.toContain('Noor');

    const off = await call(admin.access, 'PUT', clinicUrl('CLN-TST', `clinicians/${clinician.id}/`), {
      name: 'Dr. Noor Hale',
      title: 'Fertility specialist',
      languages: ['English'],
      active: false,
    });
    expect(off.json().clinic.clinicians[0]).toMatchObject({ title: 'Fertility specialist', active: false });
    expect((await audit('clinician.update')).at(-1)!.diff).toMatchObject({ active: [true, false] });

    const shortVisit = await call(admin.access, 'POST', clinicUrl('CLN-TST', 'visit-types/'), {
      ...NEW_VISIT_TYPE,
      name: 'Intro call',
      duration_minutes: 2,
    });
    expect(shortVisit.statusCode).toBe(400);
    expect(shortVisit.json().duration_minutes).toEqual(['The duration is at least 5 minutes.']);
    const visit = await call(admin.access, 'POST', clinicUrl('CLN-TST', 'visit-types/'), {
      ...NEW_VISIT_TYPE,
      name: 'Intro call',
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const vt = visit.json().clinic.visit_types[0];
    expect(vt).toMatchObject({ name: 'Intro call', duration_minutes: 30, mode: 'video' });
    const longer = await call(admin.access, 'PUT', clinicUrl('CLN-TST', `visit-types/${vt.id}/`), {
      ...NEW_VISIT_TYPE,
      name: 'Intro call',
      duration_minutes: 45,
    });
    expect(longer.json().clinic.visit_types[0].duration_minutes).toBe(45);
    expect((await audit('visit_type.update')).at(-1)!.diff).toEqual({ duration_minutes: [30, 45] });
    expect((await audit('visit_type.create')).map((r) => r.target_id)).toEqual([vt.id]);

    const otherClinician = await call(
      admin.access,
      'PUT',
      clinicUrl('CLN-TST', 'clinicians/00000000-0000-4000-8000-000000000000/'),
      { name: 'X', title: 'Y', languages: ['English'] },
    );
    expect(otherClinician.statusCode).toBe(404);
    expect((await call(admin.access, 'GET', clinicUrl('CLN-NONE'))).statusCode).toBe(404);
  });

  it('support, parents and clinics get 403 on every clinic route', async () => {
    const parent = await signedInAs(ctx, 'parent');
    const clinic = await signedInAs(ctx, 'clinic');
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: ['GET' | 'POST' | 'PUT', string][] = [
      ['POST', CLINICS],
      ['GET', clinicUrl('CLN-TST')],
      ['PUT', clinicUrl('CLN-TST')],
      ['PUT', clinicUrl('CLN-TST', 'banks/')],
      ['POST', clinicUrl('CLN-TST', 'clinicians/')],
      ['PUT', clinicUrl('CLN-TST', `clinicians/${id}/`)],
      ['POST', clinicUrl('CLN-TST', 'visit-types/')],
      ['PUT', clinicUrl('CLN-TST', `visit-types/${id}/`)],
    ];
    for (const who of [support, parent, clinic])
      for (const [method, url] of routes) {
        const res = await call(who.access, method, url, method === 'GET' ? undefined : { junk: 1 });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
  });
});
