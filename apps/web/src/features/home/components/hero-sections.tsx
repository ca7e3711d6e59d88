import { paths } from '../../../lib/paths.ts';
import c from '../../content/components/content.module.css';
import h from './home.module.css';
import { LinkButton } from '../../../components/ui/link-button.tsx';

export const TAGLINE = 'Leveraging AI to help individuals and couples find their perfect match!';

export function Hero() {
  return (
    <section className={h.hero} aria-labelledby="hero-title">
      <div>
        <p className={c.eyebrow}>Fertility matching for intended parents</p>
        <h1 id="hero-title" className={c.h1}>
          {TAGLINE}
        </h1>
        <p className={c.lead}>
          Kindred matches single parents and couples, of every family shape, with egg donors, sperm donors and
          surrogates, using what matters most to you, and explains every suggestion in plain words.
        </p>
        <div className={h.buttonRow}>
          <LinkButton to={paths.register} size="md">
            Create Future Parent Profile
          </LinkButton>
          <LinkButton to={paths.about} size="md" variant="subtle">
            About Kindred
          </LinkButton>
        </div>
      </div>
      <img className={h.heroImage} src="/images/hero.svg" alt="" width={560} height={480} decoding="async" />
    </section>
  );
}

const HOW = [
  {
    title: 'Complete your profile',
    text: 'Tell us about your medical, genetic, lifestyle and values priorities, and which ones are deal-breakers.',
  },
  {
    title: 'Get personalised matches',
    text:
      'The matching engine ranks donors by compatibility and explains each score, including carrier screening ' +
      'pair by pair.',
  },
  {
    title: 'Connect with clinics',
    text:
      'Take your shortlist to a clinic or agency. Kindred is a technology platform, not a clinic, and matches ' +
      'are suggestions.',
  },
];

export function HowItWorks() {
  return (
    <section className={c.section} aria-labelledby="how-title">
      <p className={c.eyebrow}>How matching works</p>
      <h2 id="how-title" className={c.h2}>
        Three steps from questions to a shortlist
      </h2>
      <ol className={c.grid3} style={{ listStyle: 'none', padding: 0, margin: '24px 0 0' }}>
        {HOW.map((s, i) => (
          <li key={s.title} className={c.card}>
            <div className={h.stepNumber} aria-hidden="true">
              {i + 1}
            </div>
            <h3 className={c.h3}>{s.title}</h3>
            <p className={c.muted}>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function StepsBanner() {
  return (
    <section className={h.bandPlum} aria-labelledby="steps-title">
      <div className={c.section}>
        <h2 id="steps-title" className={c.h2}>
          Steps toward parenthood
        </h2>
        <p className={c.muted}>
          Every family's path is different. These are the steps most people take, and where Kindred helps.
        </p>
        <ol className={h.bannerSteps}>
          <li>Learn your options</li>
          <li>Get carrier screening</li>
          <li>Find a compatible donor or carrier</li>
          <li>Plan treatment with a clinic</li>
        </ol>
      </div>
    </section>
  );
}

export function JourneyCta() {
  return (
    <section className={h.cta} aria-labelledby="cta-title">
      <h2 id="cta-title" className={c.h2}>
        Ready to Start Your Journey?
      </h2>
      <p className={c.lead} style={{ marginInline: 'auto' }}>
        Create your profile in minutes. Your first match is free.
      </p>
      <LinkButton to={paths.register} size="lg">
        Sign Up Now
      </LinkButton>
    </section>
  );
}
