import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicFamilyReportResponse,
  clinicFamilyReportsResponse,
  donorLinkRequest,
  donorLinksParams,
  donorLinksResponse,
  donorUnlinkRequest,
  familyBadgesQuery,
  familyBadgesResponse,
  familyReportCorrection,
  familyReportParams,
  familyReportRequest,
  familyReportResponse,
  familyReportsResponse,
  ledgerReportQuery,
  ledgerReportResponse,
} from '@kindred/shared/family-ledger.schemas';
import { USER_ROLES } from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { FamilyLedgerService } from './family-ledger.service.ts';

/**
 * The family ledger (issue 28, ADR 027). Parents report and correct their own families; the clinic a report
 * names confirms it in its portal; every signed-in role reads badges (counts only); support and admins read the
 * limits report and links, admins link and unlink records. Every change writes its audit row.
 */
export async function familyLedgerRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; ledger: FamilyLedgerService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ledger, guard } = opts;
  const parent = { onRequest: guard.requireRole('parent') };
  const clinic = { onRequest: guard.requireRole('clinic') };
  const staff = { onRequest: guard.requireRole('support', 'admin') };
  const admin = { onRequest: guard.requireRole('admin') };
  const anyone = { onRequest: guard.requireRole(...USER_ROLES) };
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/family-ledger/reports/',
    {
      ...parent,
      schema: {
        tags: ['family ledger'],
        security,
        summary: 'Your family reports',
        response: { 200: familyReportsResponse },
      },
    },
    async (request) => ledger.myReports(currentUser(request).id),
  );

  app.post(
    '/api/v1/family-ledger/reports/',
    {
      ...parent,
      schema: {
        tags: ['family ledger'],
        security,
        summary: 'Report a pregnancy or birth with a donor, naming your clinic (audited family_report.create)',
        body: familyReportRequest,
        response: { 201: familyReportResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await ledger.report(auditActor(request), request.body)),
  );

  app.put(
    '/api/v1/family-ledger/reports/:id/',
    {
      ...parent,
      schema: {
        tags: ['family ledger'],
        security,
        summary: 'Correct your report; it waits for the clinic’s confirmation again (audited)',
        params: familyReportParams,
        body: familyReportCorrection,
        response: { 200: familyReportResponse },
      },
    },
    async (request) => ledger.correct(auditActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/family-ledger/reports/:id/withdraw/',
    {
      ...parent,
      schema: {
        tags: ['family ledger'],
        security,
        summary: 'Withdraw your report (audited)',
        params: familyReportParams,
        response: { 200: familyReportResponse },
      },
    },
    async (request) => ledger.withdraw(auditActor(request), request.params.id),
  );

  app.get(
    '/api/v1/family-ledger/badges/',
    {
      ...anyone,
      schema: {
        tags: ['family ledger'],
        security,
        summary: 'Family badges of up to 50 donors: counts across linked records and limits with sources',
        querystring: familyBadgesQuery,
        response: { 200: familyBadgesResponse },
      },
    },
    async (request) => ledger.badges(currentUser(request), request.query.donors),
  );

  app.get(
    '/api/v1/clinic/family-reports/',
    {
      ...clinic,
      schema: {
        tags: ['clinic portal'],
        security,
        summary: 'Family reports naming your clinic (your own patients), to confirm',
        response: { 200: clinicFamilyReportsResponse },
      },
    },
    async (request) => ledger.clinicReports(currentUser(request).id),
  );

  app.post(
    '/api/v1/clinic/family-reports/:id/confirm/',
    {
      ...clinic,
      schema: {
        tags: ['clinic portal'],
        security,
        summary: 'Confirm a report naming your clinic (audited family_report.confirm; may hold the donor)',
        params: familyReportParams,
        response: { 200: clinicFamilyReportResponse },
      },
    },
    async (request) => ledger.confirm(auditActor(request), request.params.id),
  );

  app.get(
    '/api/v1/admin/family-ledger/report/',
    {
      ...staff,
      schema: {
        tags: ['console'],
        security,
        summary: 'Donors at 80 % or more of their family limit, counted across banks (support, admin); counts only',
        querystring: ledgerReportQuery,
        response: { 200: ledgerReportResponse },
      },
    },
    async (request) => ledger.limitsReport(request.query.page),
  );

  app.get(
    '/api/v1/admin/family-ledger/links/:reference_id/',
    {
      ...staff,
      schema: {
        tags: ['console'],
        security,
        summary: 'Records linked to this donor record as the same person (support, admin)',
        params: donorLinksParams,
        response: { 200: donorLinksResponse },
      },
    },
    async (request) => ledger.links(request.params.reference_id),
  );

  app.post(
    '/api/v1/admin/family-ledger/links/',
    {
      ...admin,
      schema: {
        tags: ['console'],
        security,
        summary: 'Link donor records of the same person across banks (admin; audited donor.link)',
        body: donorLinkRequest,
        response: { 200: donorLinksResponse },
      },
    },
    async (request) => ledger.link(auditActor(request), request.body),
  );

  app.post(
    '/api/v1/admin/family-ledger/unlink/',
    {
      ...admin,
      schema: {
        tags: ['console'],
        security,
        summary: 'Take a donor record out of its link (admin; audited donor.unlink)',
        body: donorUnlinkRequest,
        response: { 200: donorLinksResponse },
      },
    },
    async (request) => ledger.unlink(auditActor(request), request.body),
  );
}
