import { describe, expect, it } from 'vitest';
import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { blogFormFrom, emptyBlogForm, toBlogInput, validateBlogForm } from './blog-form.ts';

const filled = {
  ...emptyBlogForm(),
  title: '  Egg donation costs  ',
  content: '# Costs\n\nBody',
  slug: '',
  excerpt: '  ',
  created_by_name: '',
};

describe('toBlogInput', () => {
  it('leaves an empty slug out so the server derives it, and sends empty optional texts as null', () => {
    expect(toBlogInput(filled)).toEqual({
      title: 'Egg donation costs',
      content: '# Costs\n\nBody',
      excerpt: null,
      created_by_name: null,
      featured_image: null,
    });
  });

  it('keeps a typed slug, excerpt, author and image, and never sends published', () => {
    const body = toBlogInput({
      ...filled,
      slug: ' egg-costs ',
      excerpt: 'Short',
      created_by_name: 'Dr. Lee',
      featured_image: '/media/abcdefghij0123456789/640x480',
    });
    expect(body).toMatchObject({
      slug: 'egg-costs',
      excerpt: 'Short',
      created_by_name: 'Dr. Lee',
      featured_image: '/media/abcdefghij0123456789/640x480',
    });
    expect(body).not.toHaveProperty('published');
  });

  it("editing, an emptied slug keeps the article's current address instead of a new one from the title", () => {
    expect(toBlogInput(filled, 'costs-and-budgeting').slug).toBe('costs-and-budgeting');
    expect(toBlogInput({ ...filled, slug: 'new-address' }, 'costs-and-budgeting').slug).toBe('new-address');
  });
});

describe('validateBlogForm', () => {
  it('passes a complete article', () => {
    expect(validateBlogForm(filled)).toEqual({});
  });

  it('asks for a title and content with the server messages', () => {
    expect(validateBlogForm(emptyBlogForm())).toEqual({ title: 'Title is required.', content: 'Content is required.' });
  });

  it('refuses a slug with capitals or spaces', () => {
    expect(validateBlogForm({ ...filled, slug: 'Egg costs' }).slug).toBe('Use lower-case letters, digits and hyphens.');
  });
});

describe('blogFormFrom', () => {
  it('reads an article back into the form, nulls as empty text', () => {
    const article: BlogDetailDto = {
      id: 4,
      title: 'T',
      slug: 't',
      content: 'C',
      excerpt: null,
      featured_image: '/images/blog/costs.svg',
      published_at: null,
      created_by_name: null,
      view_count: 0,
      content_html: '<p>C</p>',
      is_published: false,
    };
    expect(blogFormFrom(article)).toEqual({
      title: 'T',
      slug: 't',
      excerpt: '',
      created_by_name: '',
      content: 'C',
      featured_image: '/images/blog/costs.svg',
    });
  });
});
