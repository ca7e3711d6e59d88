import { apiRequest } from '../../../lib/api-client.ts';

export type ContactPayload = { name: string; email: string; question: string; website: string; form_token: string };

/** A form token (bot guard: the server refuses a form sent within seconds of loading it). */
export const fetchContactToken = () => apiRequest<{ token: string }>('contact-us/token/').then((r) => r.token);

/** POST contact-us/ {name, email, question} → 201 {message} (spec section 7). */
export const sendContact = (body: ContactPayload) =>
  apiRequest<{ message: string }>('contact-us/', { method: 'POST', body });
