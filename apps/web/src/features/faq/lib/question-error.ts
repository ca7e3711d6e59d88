import { CONTACT_QUESTION_MAX, CONTENT_MSG } from '@kindred/shared/content.constants';

/**
 * The Question field's error right after the visitor edits it: over the limit it says so at once (the counter's
 * message); otherwise none. An emptied question is not marked while typing: like the other fields, a missing
 * answer is named only by the next submit ('Please fill in all fields').
 */
export function questionErrorAfterEdit(question: string): string | null {
  return question.length > CONTACT_QUESTION_MAX ? CONTENT_MSG.contactQuestionTooLong : null;
}
