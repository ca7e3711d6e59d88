import { schemaResolver } from '@mantine/form';
import { contactForm } from '@kindred/shared/content.schemas';

/**
 * The contact form's checks: the shared `contactForm` schema through Mantine's resolver. Its own chunk, loaded
 * once the visitor starts on the form (ContactForm), so zod is not part of /faqs' first load.
 */
export const validateContact = schemaResolver(contactForm, { sync: true });
