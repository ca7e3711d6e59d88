import { Button, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_MIN_FILL_MS, CONTACT_QUESTION_MAX, CONTENT_MSG } from '@kindred/shared/content.constants';
import type { ContactFormValues } from '@kindred/shared/content.schemas';
import { ApiError, errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { fetchContactToken, sendContact } from '../../content/api/contact.api.ts';
import { questionErrorAfterEdit } from '../lib/question-error.ts';
import f from './faq.module.css';

export const CONTACT_TEXT = {
  allFields: CONTENT_MSG.contactAllFields,
  sending: 'Sending...',
  success: 'Thank you! Your message has been sent successfully.',
  failure: 'Sorry, there was an error sending your message. Please try again.',
} as const;

type Status = { kind: 'idle' | 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };
const EMPTY: ContactFormValues = { name: '', email: '', question: '', website: '' };
const counted = new Intl.NumberFormat('en-US');
/** Past the bot guard's minimum age of a fresh token, with room for a slow clock tick on either side. */
const FRESH_TOKEN_WAIT_MS = CONTACT_MIN_FILL_MS + 300;

type Validate = (values: ContactFormValues) => FormErrors;
let validator: Promise<Validate> | null = null;
/** The shared schema's checks, loaded on first use (its chunk brings zod, which /faqs' first load does without). */
const loadValidator = (): Promise<Validate> =>
  (validator ??= import('../lib/contact-validation.ts').then(
    (m) => m.validateContact,
    (error: unknown) => {
      validator = null;
      throw error;
    },
  ));

/** The server refused the form token (expired, forged or too young), not the message itself. */
const tokenRefused = (error: unknown) => fieldErrorsOf(error).form_token !== undefined;

/** A 4xx carries a sentence written for the visitor (an expired form, too many messages); the rest gets the spec's. */
function failureText(error: unknown): string {
  const visitorError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return visitorError ? errorMessage(error, CONTACT_TEXT.failure) : CONTACT_TEXT.failure;
}

/**
 * The FAQ contact form (spec sections 4, 5, 8): all three fields required ('Please fill in all fields'), the
 * question counted against its limit, 'Sending...' while posting, then an inline green success that clears the
 * form or an inline red error. Bot guards: a hidden honeypot field and a form token whose age the server checks;
 * a refused token is replaced once, without the visitor doing anything.
 */
export function ContactForm() {
  const form: UseFormReturnType<ContactFormValues> = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    // Filled in by `check` before every submit: the checks load on first use.
    validate: (values) => validate.current?.(values) ?? {},
    // The limit is explained while the visitor types; an emptied question waits for the next submit, like the
    // other fields (Mantine's validateInputOnChange would mark it invalid at once, before any submit).
    onValuesChange: (values, previous) => {
      if (values.question !== previous.question)
        form.setFieldError('question', questionErrorAfterEdit(values.question));
    },
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const token = useRef<Promise<string> | null>(null);
  const validate = useRef<Validate | null>(null);
  /** Loads the checks (once), then submits through Mantine so that they run exactly as on any other form. */
  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    loadValidator().then(
      (loaded) => {
        validate.current = loaded;
        form.onSubmit(onValid, onInvalid)();
      },
      () => setStatus({ kind: 'error', message: CONTACT_TEXT.failure }),
    );
  };

  useEffect(() => {
    token.current = fetchContactToken().catch(() => '');
  }, []);

  async function deliver(values: ContactFormValues) {
    const form_token = (await (token.current ?? fetchContactToken())) || (await fetchContactToken());
    try {
      await sendContact({ ...values, form_token });
    } catch (error) {
      if (!tokenRefused(error)) throw error;
      // The page outlived its token (or the token was refused for another reason): take a fresh one, let it reach
      // the bot guard's minimum age, and send once more. A second refusal is shown as the server words it.
      const fresh = fetchContactToken();
      token.current = fresh.catch(() => '');
      const retryToken = await fresh;
      await new Promise((resolve) => setTimeout(resolve, FRESH_TOKEN_WAIT_MS));
      await sendContact({ ...values, form_token: retryToken });
    }
  }

  async function onValid(values: ContactFormValues) {
    setStatus({ kind: 'sending' });
    try {
      await deliver(values);
      form.reset();
      setStatus({ kind: 'success' });
      token.current = fetchContactToken().catch(() => '');
    } catch (error) {
      setStatus({ kind: 'error', message: failureText(error) });
    }
  }

  // One 'Please fill in all fields' for the form (the spec's single message), shown where the result appears;
  // the empty fields are marked. A question over the limit says so under the question instead.
  function onInvalid(errors: FormErrors) {
    const missing = Object.values(errors).includes(CONTENT_MSG.contactAllFields);
    setStatus(missing ? { kind: 'error', message: CONTACT_TEXT.allFields } : { kind: 'idle' });
    focusFirstInvalid();
  }

  const fieldError = (field: 'name' | 'email' | 'question') => {
    const error = form.errors[field];
    return error === CONTENT_MSG.contactAllFields ? true : error;
  };
  const length = form.values.question.length;
  const counter = (
    <>
      <span data-testid="question-counter" className={length > CONTACT_QUESTION_MAX ? f.counterOver : f.counter}>
        {counted.format(length)} / {counted.format(CONTACT_QUESTION_MAX)}
      </span>
      <VisuallyHidden> characters</VisuallyHidden>
    </>
  );

  const sending = status.kind === 'sending';
  return (
    // method="post": if the app never starts, a native submit must not put the message into the address and logs.
    <form
      ref={formRef}
      className={f.form}
      method="post"
      onSubmit={check}
      onFocus={() => void loadValidator().catch(() => undefined)}
      noValidate
      aria-labelledby="contact-title"
    >
      <TextInput
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={200}
        {...form.getInputProps('name')}
        error={fieldError('name')}
      />
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        {...form.getInputProps('email')}
        error={fieldError('email')}
      />
      <Textarea
        label="Question"
        name="question"
        minRows={4}
        maxRows={12}
        autosize
        description={counter}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        classNames={{ description: f.counterLine, input: f.questionInput }}
        {...form.getInputProps('question')}
        error={fieldError('question')}
      />
      <div className={f.honeypot} aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={form.values.website}
          onChange={(e) => form.setFieldValue('website', e.currentTarget.value)}
        />
      </div>
      <div role="status" aria-live="polite">
        {status.kind === 'success' && <p className={f.success}>{CONTACT_TEXT.success}</p>}
        {status.kind === 'error' && <p className={f.error}>{status.message}</p>}
      </div>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? CONTACT_TEXT.sending : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
