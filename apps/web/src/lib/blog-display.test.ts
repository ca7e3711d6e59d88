import { describe, expect, it } from 'vitest';
import {
  cardContent,
  cardTitle,
  cut,
  excerptOf,
  formatLongDate,
  formatViews,
  imageOf,
  markdownToPlain,
  DEFAULT_BLOG_IMAGE,
} from './blog-display.ts';

describe('blog display rules (spec sections 2, 3, 9)', () => {
  it('cuts titles at 50 and content at 100 characters with an ellipsis', () => {
    expect(cardTitle({ title: 'a'.repeat(51) })).toBe(`${'a'.repeat(50)}...`);
    expect(cardTitle({ title: 'a'.repeat(50) })).toBe('a'.repeat(50));
    expect(cardContent({ content: 'b'.repeat(120) })).toBe(`${'b'.repeat(100)}...`);
    expect(cut('short', 10)).toBe('short');
  });
  it('falls back to Untitled Article, N/A and the default image', () => {
    expect(cardTitle({ title: null })).toBe('Untitled Article');
    expect(cardContent({ content: null })).toBe('N/A');
    expect(imageOf({ featured_image: null })).toBe(DEFAULT_BLOG_IMAGE);
    expect(excerptOf({ excerpt: null, content: null })).toBe('N/A');
  });
  it('uses the first 120 characters of the content when there is no excerpt', () => {
    expect(excerptOf({ excerpt: '', content: 'c'.repeat(200) })).toBe('c'.repeat(120));
    expect(excerptOf({ excerpt: 'Given', content: 'x' })).toBe('Given');
  });
  it("formats dates as 'MMMM DD, YYYY' and views with separators", () => {
    expect(formatLongDate('2026-09-02T09:00:00Z')).toBe('September 02, 2026');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatViews(1234567)).toBe('1,234,567');
  });
  it('formats dates and counts exactly as the en-US Intl formatters do (written out to spare phones loading locale data)', () => {
    const intlDate = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let t = Date.UTC(1999, 11, 31, 23, 59); t < Date.UTC(2031, 0, 1); t += 7.3 * 24 * 3600 * 1000) {
      const iso = new Date(t).toISOString();
      expect(formatLongDate(iso), iso).toBe(intlDate.format(new Date(t)));
    }
    expect(formatLongDate('not a date')).toBe('N/A');
    for (const n of [0, 7, 999, 1000, 1284, 999_999, 1_000_000, 12_345_678_901, -4321])
      expect(formatViews(n)).toBe(n.toLocaleString('en-US'));
    expect(formatViews(null)).toBe('N/A');
  });
  it('reads Markdown as plain text', () => {
    expect(markdownToPlain('## Title\n\n**Bold** and [a link](https://x.org).\n\n- item')).toBe(
      'Title Bold and a link. item',
    );
  });
});
