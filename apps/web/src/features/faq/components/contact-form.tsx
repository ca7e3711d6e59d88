import { Button, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fetchContactToken, sendContact } from '../../content/api/contact.api.ts';
import f from './faq.module.css';

export const CONTACT_TEXT = {
  allFields: 'Please fill in all fields',
  sending: 'Sending...',
  success: 'Thank you! Your message has been sent successfully.',
  failure: 'Sorry, there was an error sending your message. Please try again.',
} as const;

type Status = { kind: 'idle' | 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };
const EMPTY = { name: '', email: '', question: '', website: '' };

/**
 * The FAQ contact form (spec sections 4, 5, 8): all three fields required ('Please fill in all fields'), 'Sending...'
 * while posting, then an inline green success that clears the form or an inline red error. Bot guards: a hidden
 * honeypot field and a form token whose age the server checks.
 */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const token = useRef<Promise<string> | null>(null);

  useEffect(() => {
    token.current = fetchContactToken().catch(() => '');
  }, []);

  const set = (key: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!values.name.trim() || !values.email.trim() || !values.question.trim()) {
      setStatus({ kind: 'error', message: CONTACT_TEXT.allFields });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const form_token = (await (token.current ?? fetchContactToken())) || (await fetchContactToken());
      await sendContact({ ...values, form_token });
      setValues(EMPTY);
      setStatus({ kind: 'success' });
      token.current = fetchContactToken().catch(() => '');
    } catch {
      setStatus({ kind: 'error', message: CONTACT_TEXT.failure });
    }
  }

  const sending = status.kind === 'sending';
  return (
    // method="post": if the app never starts, a native submit must not put the message into the address and logs.
    <form className={f.form} method="post" onSubmit={onSubmit} noValidate aria-labelledby="contact-title">
      <TextInput label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} />
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
      />
      <Textarea
        label="Question"
        name="question"
        minRows={4}
        autosize
        value={values.question}
        onChange={set('question')}
      />
      <div className={f.honeypot} aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
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
