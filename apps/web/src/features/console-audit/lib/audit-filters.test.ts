import { describe, expect, it } from 'vitest';
import { AUDIT_MSG } from '@kindred/shared/console-audit.schemas';
import {
  diffLines,
  emptyAuditFilters,
  filtersFromSearch,
  filtersToQuery,
  validateAuditFilters,
} from './audit-filters.ts';

describe('audit log filters', () => {
  it('reads the filters from the address and writes only those set, trimmed', () => {
    const values = filtersFromSearch(new URLSearchParams('action=article.publish&from=2026-03-01&junk=1'));
    expect(values).toEqual({ ...emptyAuditFilters(), action: 'article.publish', from: '2026-03-01' });
    expect(filtersToQuery({ ...values, target_id: '  42 ' })).toEqual({
      action: 'article.publish',
      target_id: '42',
      from: '2026-03-01',
    });
    expect(filtersToQuery(emptyAuditFilters())).toEqual({});
  });

  it('checks the form with the server’s messages', () => {
    expect(validateAuditFilters(emptyAuditFilters())).toEqual({});
    expect(validateAuditFilters({ ...emptyAuditFilters(), action: 'Publish it' })).toEqual({
      action: AUDIT_MSG.actionInvalid,
    });
    expect(validateAuditFilters({ ...emptyAuditFilters(), from: '2026-03-02', to: '2026-03-01' })).toEqual({
      to: AUDIT_MSG.rangeInvalid,
    });
    expect(validateAuditFilters({ ...emptyAuditFilters(), from: 'March' })).toEqual({ from: AUDIT_MSG.dateInvalid });
  });

  it('shows a diff as readable lines', () => {
    expect(diffLines({ is_published: [false, true], title: [null, 'Hello'], tags: [['a'], []] })).toEqual([
      { field: 'is_published', before: 'false', after: 'true' },
      { field: 'title', before: 'none', after: 'Hello' },
      { field: 'tags', before: '["a"]', after: '[]' },
    ]);
  });
});
