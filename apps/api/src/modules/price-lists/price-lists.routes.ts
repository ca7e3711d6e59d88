import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRICE_IMPORT_MAX_BYTES,
  priceImportRequestSchema,
  priceImportResultSchema,
  priceListBankParams,
  priceListDeleteResponseSchema,
  priceListInputSchema,
  priceListListSchema,
  priceListSchema,
} from '@kindred/shared/price-lists';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { PriceListsService } from './price-lists.service.ts';

/** Banks' price lists (issue 29, ADR 029): staff read, admins change (audited), banks import their own. */
export async function priceListsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; priceLists: PriceListsService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { priceLists } = opts;
  const staff = { onRequest: opts.guard.requireRole('support', 'admin') };
  const admin = { onRequest: opts.guard.requireRole('admin') };
  const security = [{ bearer: [] }];
  const tags = ['console'];

  app.get(
    '/api/v1/admin/price-lists/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Every bank’s price list (support, admin)',
        response: { 200: priceListListSchema },
      },
    },
    async () => priceLists.list(),
  );

  app.get(
    '/api/v1/admin/price-lists/:bank/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'One bank’s price list (support, admin); 404 when it has none',
        params: priceListBankParams,
        response: { 200: priceListSchema },
      },
    },
    async (request) => priceLists.get(request.params.bank),
  );

  app.put(
    '/api/v1/admin/price-lists/:bank/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Create or replace a bank’s price list (admin; audited price_list.save); amounts in minor units',
        params: priceListBankParams,
        body: priceListInputSchema,
        response: { 200: priceListSchema },
      },
    },
    async (request) => priceLists.save(auditActor(request), request.params.bank, request.body),
  );

  app.delete(
    '/api/v1/admin/price-lists/:bank/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Remove a bank’s price list (admin; audited price_list.delete): its donors read "Price not listed"',
        params: priceListBankParams,
        response: { 200: priceListDeleteResponseSchema },
      },
    },
    async (request) => priceLists.remove(auditActor(request), request.params.bank),
  );

  app.post(
    '/api/v1/admin/price-lists/import/',
    {
      onRequest: opts.guard.requireRole('admin', 'clinic'),
      bodyLimit: PRICE_IMPORT_MAX_BYTES + 16 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Import price lists from CSV or JSON (admin: any bank; clinic: its own bank). Bad rows are reported as ' +
          '{row, bank_name, errors} and skipped; the others are saved with one audit row each (price_list.save). ' +
          'dry_run: report only, write nothing',
        body: priceImportRequestSchema,
        response: { 200: priceImportResultSchema },
      },
    },
    async (request) => priceLists.importAs(currentUser(request), auditActor(request), request.body),
  );
}
