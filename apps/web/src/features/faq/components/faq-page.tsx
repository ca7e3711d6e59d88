import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import c from '../../content/components/content.module.css';
import { DISCLAIMERS, FAQ_SECTIONS } from '../lib/faq-data.ts';
import { ContactForm } from './contact-form.tsx';
import f from './faq.module.css';

/**
 * /faqs (spec section 2): nine collapsible sections of collapsible questions, the disclaimers and the contact form.
 * Native details/summary: each toggles on its own, with the keyboard, and works before (or without) JavaScript.
 */
export function FaqPage() {
  return (
    <>
      <Seo
        title="FAQs"
        description={
          "Answers about Kindred's matching, privacy, genetic testing, pricing, legal terms, accounts and support."
        }
        path={paths.faqs}
      />
      <section className={c.section} aria-labelledby="faq-title">
        <h1 id="faq-title" className={c.h1}>
          Frequently Asked Questions
        </h1>
        <p className={c.lead}>Everything you might want to know before and after you start matching.</p>
        {FAQ_SECTIONS.map((section) => (
          <details key={section.title} className={f.section}>
            <summary className={f.summary}>{section.title}</summary>
            <div className={f.items}>
              {section.items.map((item) => (
                <details key={item.q} className={f.item}>
                  <summary className={f.question}>{item.q}</summary>
                  <p className={f.answer}>{item.a}</p>
                </details>
              ))}
            </div>
          </details>
        ))}
      </section>
      <section className={c.sectionTight} aria-labelledby="disclaimers-title">
        <div className={c.card}>
          <h2 id="disclaimers-title" className={c.h2}>
            Disclaimers and Important Notes
          </h2>
          <ul className={c.muted}>
            {DISCLAIMERS.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      </section>
      <section className={c.sectionTight} aria-labelledby="contact-title">
        <h2 id="contact-title" className={c.h2}>
          Still have a question?
        </h2>
        <p className={c.muted} style={{ marginBottom: 16 }}>
          Send us a message and a person will reply by email.
        </p>
        <ContactForm />
      </section>
    </>
  );
}
