import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { failureMessage, serverFieldErrors } from './server-errors.ts';

const FIELDS = ['title', 'slug', 'featured_image'] as const;

describe('serverFieldErrors', () => {
  it('reads top-level field arrays (the documented 400 shape)', () => {
    const error = new ApiError(400, { message: 'Title is required.', title: ['Title is required.'], other: ['x'] });
    expect(serverFieldErrors(error, FIELDS)).toEqual({ title: 'Title is required.' });
  });

  it('gives nothing for other statuses and for errors that are not ApiErrors', () => {
    expect(
      serverFieldErrors(
        new ApiError(409, { success: false, message: 'An article with this slug already exists.' }),
        FIELDS,
      ),
    ).toEqual({});
    expect(serverFieldErrors(new Error('boom'), FIELDS)).toEqual({});
  });
});

describe('failureMessage', () => {
  it("prefers the server's message, then the fallback", () => {
    expect(
      failureMessage(
        new ApiError(409, { success: false, message: 'An article with this slug already exists.' }),
        'fallback',
      ),
    ).toBe('An article with this slug already exists.');
    expect(failureMessage(new ApiError(500, null), 'fallback')).toBe('fallback');
    expect(failureMessage(new TypeError('x'), 'fallback')).toBe('fallback');
  });

  it('says plainly that a 403 is about access', () => {
    expect(failureMessage(new ApiError(403, { success: false, message: 'Forbidden' }), 'fallback')).toBe(
      'You do not have access to this page.',
    );
  });
});
