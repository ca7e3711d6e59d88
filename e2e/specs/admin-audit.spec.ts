import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { AUDIT_CSV_COLUMNS, AUDIT_MSG } from '@kindred/shared/console-audit.schemas';
import { test, expect, demoAdmin, signInViaApi, toast } from '../support/fixtures.ts';
import { signInAsAdmin } from '../support/console.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * The audit log (issue 15, ADR 022): an admin's change made in the console appears in the log with who made it
 * (name and role), the action and a readable diff; the log filters, and the filtered log downloads as CSV.
 */

test('an admin publishes an article and finds the change in the audit log, filtered and exported', async ({
  page,
  request,
}) => {
  // A draft made through the admin API (itself audited as article.create).
  const title = `Audit trail ${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const token = await signInViaApi(request, demoAdmin);
  const created = await request.post('/api/v1/admin/blogs/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, content: 'A short body.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = String(((await created.json()) as { id: number }).id);

  // The change, made in the console.
  await signInAsAdmin(page);
  await page.goto('/admin/articles');
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(toast(page, `“${title}” is published.`)).toBeVisible();

  // The audit log, from the console's navigation.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toContainText('article.publish');

  // Filtered to this article: its publication and its creation, newest first.
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Target type').fill('article');
  await filters.getByLabel('Target id').fill(id);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`target_type=article&target_id=${id}`));
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  const published = rows.nth(1);
  await expect(published).toContainText('Morgan Ellis');
  await expect(published).toContainText('admin');
  await expect(published).toContainText('article.publish');
  await expect(published).toContainText(`article ${id}`);
  await expect(published).toContainText('is_published: false → true');
  await expect(rows.nth(2)).toContainText('article.create');
  await expect(rows.nth(2)).toContainText(`title: none → ${title}`);
  await expectNoAxeViolations(page, '/admin/audit');

  // The same filter plus the action; then the CSV of what is shown.
  await filters.getByLabel('Action').fill('article.publish');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kindred-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parse(await readFile((await file.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(csv).toHaveLength(1);
  expect(Object.keys(csv[0]!)).toEqual([...AUDIT_CSV_COLUMNS]);
  expect(csv[0]).toMatchObject({
    action: 'article.publish',
    actor_role: 'admin',
    actor_name: 'Morgan Ellis',
    target_type: 'article',
    target_id: id,
  });
  expect(JSON.parse(csv[0]!.diff!).is_published).toEqual([false, true]);

  // A filter that matches nothing says so; a bad one is explained under its field, by the form itself.
  await filters.getByLabel('Action').fill('article.delete');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText(AUDIT_MSG.empty)).toBeVisible();
  await filters.getByLabel('Action').fill('Publish it');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText(AUDIT_MSG.actionInvalid)).toBeVisible();
  // The server's refusal of a filter (nobody has this address) is shown under its field too.
  await filters.getByLabel('Action').fill('');
  await filters.getByLabel('Staff member').fill('nobody.at.all@example.com');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText(AUDIT_MSG.actorUnknown)).toBeVisible();
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
});
