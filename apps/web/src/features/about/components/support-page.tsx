import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import c from '../../content/components/content.module.css';

const WAYS = [
  {
    title: 'Ask a question',
    text: 'The contact form on the FAQ page reaches a person, who replies by email, usually within two working days.',
    to: paths.faqs,
    cta: 'Go to the FAQs',
  },
  {
    title: 'Read our guides',
    text:
      'Plain-language articles on choosing a donor, carrier screening, surrogacy, costs and questions to ask a ' +
      'clinic.',
    to: paths.blogs,
    cta: 'Read the blog',
  },
  {
    title: 'Find support groups',
    text: 'Clinical guidance bodies and patient communities, for the US and beyond.',
    to: paths.fertilityResources,
    cta: 'Fertility Resources',
  },
];

/** /support: where to get help. */
export function SupportPage() {
  return (
    <>
      <Seo
        title="Support"
        description={
          'How to get help with Kindred: contact support, read our guides, or find patient communities and support ' +
          'groups.'
        }
        path={paths.support}
      />
      <section className={c.section} aria-labelledby="support-title">
        <h1 id="support-title" className={c.h1}>
          Support
        </h1>
        <p className={c.lead}>
          Whether you have a question about your matches, your account or your next step, we are here to help.
        </p>
        <div className={c.grid3}>
          {WAYS.map((w) => (
            <div key={w.title} className={c.card}>
              <h2 className={c.h3}>{w.title}</h2>
              <p className={c.muted} style={{ marginBottom: 14 }}>
                {w.text}
              </p>
              <Button component={Link} to={w.to} variant="light">
                {w.cta}
              </Button>
            </div>
          ))}
        </div>
        <p className={c.notice}>
          If you are in crisis or need medical help, contact your doctor or local emergency services. Kindred is not a
          clinic and cannot give medical advice.
        </p>
      </section>
    </>
  );
}
