import sharp from 'sharp';
import { expect } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import { NEW_VISIT_TYPE } from '@kindred/shared/clinic-portal.schemas';
import { CONTACT_MIN_FILL_MS } from '@kindred/shared/content.schemas';
import { newParent, type TestContext } from './harness.ts';
import { planIds } from './payments-helpers.ts';

/** One audited change, made for real by an admin: the URL, the body, and what to keep from the answer. */
export type AuditedCall = {
  /** The audit row's action. */
  action: string;
  url: string;
  body?: unknown;
  contentType?: string;
  /** Reads ids the later calls need from the JSON answer. */
  keep?: (json: Record<string, unknown> & { clinic?: ClinicAnswer }) => void;
};
const PRICE_LIST = {
  currency: 'USD',
  confirmed_on: '2026-11-01',
  vials: [{ type: 'IUI', price_minor: 69_500 }],
  storage: { price_minor: 15_000, period_months: 3 },
  shipping: [{ region: 'US', price_minor: 35_000 }],
};
type ClinicAnswer = { clinicians: { id: string }[]; visit_types: { id: string }[] };

/**
 * How to make each mutating admin change for real, as an admin, keyed `METHOD /openapi/path`: the role matrix
 * makes them in this order (a record is made, changed, then removed) and checks each leaves exactly one audit row
 * by the admin, with its action. Fixtures (a target parent, a contact message, donors) are made by the call that
 * first needs them, before the audit count is read. Bulk calls name one target, so they write one row.
 */
export function auditedCalls(
  ctx: TestContext,
  who: { adminId: string; parentId: string },
): Record<string, () => Promise<AuditedCall>> {
  const ids: Record<string, string> = {};
  let target: Awaited<ReturnType<typeof newParent>> | undefined;
  /** The parent the account actions are made on (deletion comes last for them). */
  const targetUser = async () => (target ??= await newParent(ctx.app)).id;
  const users = async (rest: string) => `/api/v1/admin/users/${await targetUser()}/${rest}`;
  let donors: Donor[] | undefined;
  /** Two donors, made by the import call (the first donor call). */
  const imported = () => (donors ??= generateDonors(2, 'role-matrix'));
  const other = (d: Donor) => (d.availability === 'available' ? 'reserved' : 'available');
  let message: string | undefined;
  /** A contact message, sent through the public form as a visitor would. */
  async function contactMessage(): Promise<string> {
    if (message) return message;
    const token = (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact-us/',
      payload: {
        name: 'Rowan Matrix',
        email: 'rowan.matrix@example.com',
        question: 'Is this a test?',
        form_token: token,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.query<{ id: string }>(
      "select id from contact_messages where email = 'rowan.matrix@example.com' order by created_at desc limit 1",
    );
    return (message = row!.id);
  }
  const clinic = {
    name: 'Matrix Fertility (fictional)',
    address: '3 Test Lane',
    city: 'Boston',
    state: 'MA',
    time_zone: 'America/New_York',
    specialties: ['egg'],
  };
  const CLINIC = '/api/v1/admin/clinics/CLN-MATRIX/';
  const plan = {
    name: 'Role Matrix Plan',
    subscription_type: 'matrix',
    plan_for: 'parent',
    price: 15,
    billing_cycle: 'month',
    duration_days: 30,
    features: ['A fictional plan'],
  };
  const PLANS = '/api/v1/admin/subscription/plans/';

  return {
    // Content.
    'POST /api/v1/admin/blogs/': async () => ({
      action: 'article.create',
      url: '/api/v1/admin/blogs/',
      body: { title: 'Role matrix article', content: 'Body.' },
      keep: (json) => (ids.blog = String(json.id)),
    }),
    'PUT /api/v1/admin/blogs/{id}/': async () => ({
      action: 'article.update',
      url: `/api/v1/admin/blogs/${ids.blog}/`,
      body: { title: 'Role matrix article, edited', content: 'Body, edited.' },
    }),
    'POST /api/v1/admin/blogs/{id}/publish/': async () => ({
      action: 'article.publish',
      url: `/api/v1/admin/blogs/${ids.blog}/publish/`,
    }),
    'POST /api/v1/admin/blogs/{id}/unpublish/': async () => ({
      action: 'article.unpublish',
      url: `/api/v1/admin/blogs/${ids.blog}/unpublish/`,
    }),
    'POST /api/v1/admin/team/': async () => ({
      action: 'team.create',
      url: '/api/v1/admin/team/',
      body: {
        name: 'Role Matrix',
        designation: 'Tester',
        email: 'role.matrix@example.com',
        small_description: 'A fictional team member.',
      },
      keep: (json) => (ids.team = String(json.id)),
    }),
    'PUT /api/v1/admin/team/{id}/': async () => ({
      action: 'team.update',
      url: `/api/v1/admin/team/${ids.team}/`,
      body: {
        name: 'Role Matrix',
        designation: 'Lead tester',
        email: 'role.matrix@example.com',
        small_description: 'A fictional team member.',
      },
    }),
    'DELETE /api/v1/admin/team/{id}/': async () => ({ action: 'team.delete', url: `/api/v1/admin/team/${ids.team}/` }),
    'POST /api/v1/admin/images/': async () => ({
      action: 'image.upload',
      url: '/api/v1/admin/images/',
      body: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#88aacc' } })
        .png()
        .toBuffer(),
      contentType: 'image/png',
    }),
    'PUT /api/v1/admin/parent/{id}/update/': async () => ({
      action: 'user.profile_update',
      url: `/api/v1/admin/parent/${who.parentId}/update/`,
      body: { first_name: 'Parent', last_name: 'Edited', phone_number: '+12025550199' },
    }),

    // Plans: created, edited, retired.
    'POST /api/v1/admin/subscription/plans/': async () => ({
      action: 'plan.create',
      url: PLANS,
      body: plan,
      keep: (json) => (ids.plan = String(json.id)),
    }),
    'PUT /api/v1/admin/subscription/plans/{id}/': async () => ({
      action: 'plan.update',
      url: `${PLANS}${ids.plan}/`,
      body: { ...plan, price: 17.5 },
    }),
    'POST /api/v1/admin/subscription/plans/{id}/retire/': async () => ({
      action: 'plan.retire',
      url: `${PLANS}${ids.plan}/retire/`,
    }),

    // Clinics: the role matrix's own clinic gets a staff invitation; a new one is made and edited.
    'POST /api/v1/admin/clinics/{reference_id}/staff/': async () => ({
      action: 'clinic.staff_invite',
      url: '/api/v1/admin/clinics/CLN-ROLE/staff/',
      body: { email: 'invited.staff@clinic.example', first_name: 'Ines', last_name: 'Marlow' },
    }),
    'POST /api/v1/admin/clinics/': async () => ({
      action: 'clinic.create',
      url: '/api/v1/admin/clinics/',
      body: { ...clinic, reference_id: 'CLN-MATRIX' },
    }),
    'PUT /api/v1/admin/clinics/{reference_id}/': async () => ({
      action: 'clinic.update',
      url: CLINIC,
      body: { ...clinic, name: 'Matrix Fertility Centre (fictional)' },
    }),
    'PUT /api/v1/admin/clinics/{reference_id}/banks/': async () => ({
      action: 'clinic.banks',
      url: `${CLINIC}banks/`,
      body: { banks: ['Matrix Cryobank (fictional)'] },
    }),
    'POST /api/v1/admin/clinics/{reference_id}/clinicians/': async () => ({
      action: 'clinician.create',
      url: `${CLINIC}clinicians/`,
      body: { name: 'Dr. Ada Matrix', title: 'Reproductive endocrinologist', languages: ['English'] },
      keep: (json) => (ids.clinician = json.clinic!.clinicians[0]!.id),
    }),
    'PUT /api/v1/admin/clinics/{reference_id}/clinicians/{id}/': async () => ({
      action: 'clinician.update',
      url: `${CLINIC}clinicians/${ids.clinician}/`,
      body: { name: 'Dr. Ada Matrix', title: 'Fertility specialist', languages: ['English'], active: false },
    }),
    'POST /api/v1/admin/clinics/{reference_id}/visit-types/': async () => ({
      action: 'visit_type.create',
      url: `${CLINIC}visit-types/`,
      body: { ...NEW_VISIT_TYPE, name: 'Intro call' },
      keep: (json) => (ids.visitType = json.clinic!.visit_types[0]!.id),
    }),
    'PUT /api/v1/admin/clinics/{reference_id}/visit-types/{id}/': async () => ({
      action: 'visit_type.update',
      url: `${CLINIC}visit-types/${ids.visitType}/`,
      body: { ...NEW_VISIT_TYPE, name: 'Intro call', duration_minutes: 45 },
    }),

    // Donors: imported (the real import, not a dry run), then their availability changed.
    'POST /api/v1/admin/donors/import/': async () => ({
      action: 'donor.import',
      url: '/api/v1/admin/donors/import/',
      body: { format: 'json', data: JSON.stringify(imported()) },
    }),
    // Price lists (issue 29): one bank's list saved, imported again (one row), then removed.
    'PUT /api/v1/admin/price-lists/{bank}/': async () => ({
      action: 'price_list.save',
      url: '/api/v1/admin/price-lists/Role%20Bank/',
      body: PRICE_LIST,
    }),
    'POST /api/v1/admin/price-lists/import/': async () => ({
      action: 'price_list.save',
      url: '/api/v1/admin/price-lists/import/',
      body: { format: 'json', data: JSON.stringify([{ bank_name: 'Role Bank', ...PRICE_LIST }]) },
    }),
    'DELETE /api/v1/admin/price-lists/{bank}/': async () => ({
      action: 'price_list.delete',
      url: '/api/v1/admin/price-lists/Role%20Bank/',
    }),
    'PATCH /api/v1/admin/donors/{reference_id}/availability/': async () => ({
      action: 'donor.availability',
      url: `/api/v1/admin/donors/${imported()[0]!.reference_id}/availability/`,
      body: { availability: other(imported()[0]!), reason: 'Role matrix' },
    }),
    'POST /api/v1/admin/donors/bulk/availability/': async () => ({
      action: 'donor.availability',
      url: '/api/v1/admin/donors/bulk/availability/',
      body: { reference_ids: [imported()[1]!.reference_id], availability: other(imported()[1]!), reason: 'Matrix' },
    }),
    'POST /api/v1/admin/donors/{reference_id}/updates/': async () => ({
      action: 'donor.update',
      url: `/api/v1/admin/donors/${imported()[0]!.reference_id}/updates/`,
      body: { kind: 'availability', text: 'Role matrix update.' },
    }),

    // Family ledger (issue 28): the two imported records are linked as one person, then unlinked.
    'POST /api/v1/admin/family-ledger/links/': async () => ({
      action: 'donor.link',
      url: '/api/v1/admin/family-ledger/links/',
      body: { reference_ids: imported().map((d) => d.reference_id), reason: 'Role matrix' },
    }),
    'POST /api/v1/admin/family-ledger/unlink/': async () => ({
      action: 'donor.unlink',
      url: '/api/v1/admin/family-ledger/unlink/',
      body: { reference_id: imported()[0]!.reference_id, reason: 'Role matrix' },
    }),

    // Inbox: a visitor's message is answered, assigned and closed.
    'POST /api/v1/admin/inbox/{id}/replies/': async () => ({
      action: 'inbox.reply',
      url: `/api/v1/admin/inbox/${await contactMessage()}/replies/`,
      body: { body: 'Yes, it is a test.' },
    }),
    'PUT /api/v1/admin/inbox/{id}/assignee/': async () => ({
      action: 'inbox.assign',
      url: `/api/v1/admin/inbox/${await contactMessage()}/assignee/`,
      body: { assignee_id: who.adminId },
    }),
    'PUT /api/v1/admin/inbox/{id}/status/': async () => ({
      action: 'inbox.status',
      url: `/api/v1/admin/inbox/${await contactMessage()}/status/`,
      body: { status: 'closed' },
    }),

    // Accounts: one parent is acted on in turn (disabled before enabled, deletion last); bulk disables another.
    'POST /api/v1/admin/users/{id}/health/reveal/': async () => ({
      action: 'health.reveal',
      url: await users('health/reveal/'),
      body: { reason: 'Role matrix check' },
    }),
    'POST /api/v1/admin/users/{id}/resend-verification/': async () => ({
      action: 'user.resend_verification',
      url: await users('resend-verification/'),
    }),
    'POST /api/v1/admin/users/{id}/end-sessions/': async () => ({
      action: 'user.end_sessions',
      url: await users('end-sessions/'),
      body: { reason: 'Role matrix check' },
    }),
    'POST /api/v1/admin/users/{id}/complimentary-plan/': async () => ({
      action: 'user.complimentary_plan',
      url: await users('complimentary-plan/'),
      body: { plan_id: (await planIds(ctx.db)).premium, days: 30, reason: 'Role matrix check' },
    }),
    'POST /api/v1/admin/users/{id}/disable/': async () => ({
      action: 'user.disable',
      url: await users('disable/'),
      body: { reason: 'Role matrix check' },
    }),
    'POST /api/v1/admin/users/{id}/enable/': async () => ({
      action: 'user.enable',
      url: await users('enable/'),
      body: { reason: 'Role matrix check' },
    }),
    'POST /api/v1/admin/users/bulk/disable/': async () => ({
      action: 'user.disable',
      url: '/api/v1/admin/users/bulk/disable/',
      body: { ids: [(await newParent(ctx.app)).id], reason: 'Role matrix check' },
    }),
    'POST /api/v1/admin/users/{id}/deletion/': async () => ({
      action: 'user.deletion_start',
      url: await users('deletion/'),
      body: { reason: 'Role matrix check' },
    }),
  };
}
