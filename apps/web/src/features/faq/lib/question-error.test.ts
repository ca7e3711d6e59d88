import { describe, expect, it } from 'vitest';
import { CONTACT_QUESTION_MAX, CONTENT_MSG } from '@kindred/shared/content.schemas';
import { questionErrorAfterEdit } from './question-error.ts';

describe('the contact question while it is typed', () => {
  it('explains the limit as soon as it is passed, and clears once back within it', () => {
    expect(questionErrorAfterEdit('x'.repeat(CONTACT_QUESTION_MAX + 1))).toBe(CONTENT_MSG.contactQuestionTooLong);
    expect(questionErrorAfterEdit('x'.repeat(CONTACT_QUESTION_MAX))).toBeNull();
  });

  it('does not mark an emptied question before the next submit', () => {
    expect(questionErrorAfterEdit('')).toBeNull();
    expect(questionErrorAfterEdit('   ')).toBeNull();
  });
});
