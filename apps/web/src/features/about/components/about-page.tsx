import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import c from '../../content/components/content.module.css';

const VALUES = [
  {
    title: 'Every family',
    text:
      'Single parents, same-sex couples, heterosexual couples, trans and non-binary parents: the questions adapt ' +
      'to you, not the other way round.',
  },
  {
    title: 'Explain, never decide',
    text: 'Each match comes with reasons. The engine suggests; you, your clinic and your counselor decide.',
  },
  { title: 'Honest about uncertainty', text: 'An untested gene is unknown, not safe. We say so plainly.' },
  {
    title: 'Privacy first',
    text: 'Your preferences are used to match you, never sold. You can download or delete your data at any time.',
  },
];

/** /about (spec sections 1 and 2): what Kindred is, its mission and vision, and what it is not. */
export function AboutPage() {
  return (
    <>
      <Seo
        title="About Us"
        description={
          'Kindred helps intended parents find egg donors, sperm donors and surrogates with explainable AI ' +
          'matching and compassionate support.'
        }
        path={paths.about}
      />
      <section className={c.section} aria-labelledby="about-title">
        <p className={c.eyebrow}>About Us</p>
        <h1 id="about-title" className={c.h1}>
          Compassionate, accessible reproductive care
        </h1>
        <p className={c.lead}>
          Kindred is a technology platform that helps individuals and couples find egg donors, sperm donors and
          surrogates through AI-driven matching on medical, genetic, lifestyle, demographic, values and location
          factors.
        </p>
        <div className={c.grid3}>
          <div className={c.card}>
            <h2 className={c.h3}>Our mission</h2>
            <p className={c.muted}>To empower families with emotional care together with AI matching.</p>
          </div>
          <div className={c.card}>
            <h2 className={c.h3}>Our vision</h2>
            <p className={c.muted}>
              Compassionate, accessible reproductive care for everyone who wants to build a family.
            </p>
          </div>
          <div className={c.card}>
            <h2 className={c.h3}>What we are not</h2>
            <p className={c.muted}>
              Kindred is not a clinic. Our tools are informational only, and matching gives suggestions, not medical
              advice.
            </p>
          </div>
        </div>
      </section>
      <section className={c.sectionTight} aria-labelledby="values-title">
        <h2 id="values-title" className={c.h2}>
          What we stand for
        </h2>
        <ul className={c.grid4} style={{ listStyle: 'none', padding: 0, margin: '20px 0 0' }}>
          {VALUES.map((v) => (
            <li key={v.title} className={c.card}>
              <h3 className={c.h3}>{v.title}</h3>
              <p className={c.muted}>{v.text}</p>
            </li>
          ))}
        </ul>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 28 }}>
          <Button component={Link} to={paths.register}>
            Create Future Parent Profile
          </Button>
          <Button component={Link} to={paths.faqs} variant="light">
            Read the FAQs
          </Button>
        </div>
      </section>
    </>
  );
}
