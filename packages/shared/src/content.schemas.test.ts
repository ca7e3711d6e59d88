import { describe, expect, it } from 'vitest';
import { CONTACT_QUESTION_MAX, CONTENT_MSG, contactForm } from './content.schemas.ts';

const messagesOf = (values: Record<string, string>) => {
  const result = contactForm.safeParse({
    name: 'Robin',
    email: 'r@example.test',
    question: 'Hi',
    website: '',
    ...values,
  });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contactForm', () => {
  it("asks for every field with the spec's one message, a blank counting as empty", () => {
    expect(messagesOf({})).toEqual({});
    expect(messagesOf({ name: '  ', question: '' })).toEqual({
      name: CONTENT_MSG.contactAllFields,
      question: CONTENT_MSG.contactAllFields,
    });
  });

  it('takes a question of 5,000 characters and explains a longer one', () => {
    expect(CONTACT_QUESTION_MAX).toBe(5000);
    expect(messagesOf({ question: 'q'.repeat(5000) })).toEqual({});
    expect(messagesOf({ question: 'q'.repeat(5001) })).toEqual({ question: CONTENT_MSG.contactQuestionTooLong });
    expect(CONTENT_MSG.contactQuestionTooLong).toBe('Please keep your question to 5,000 characters or fewer.');
  });
});
