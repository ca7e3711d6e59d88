import {
  IconBolt,
  IconDna,
  IconHeartHandshake,
  IconScale,
  IconShieldCheck,
  IconTargetArrow,
  IconUserHeart,
  IconUsers,
  IconMessageHeart,
  IconSparkles,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import c from '../../content/components/content.module.css';
import h from './home.module.css';
import { LinkButton } from '../../../components/ui/link-button.tsx';

const BENEFITS = [
  {
    title: 'Matching on what matters',
    text: 'Genetic, medical and lifestyle data, weighed by the importance you choose.',
    Icon: IconDna,
  },
  {
    title: 'Personalised recommendations',
    text: 'Your shortlist reflects your preferences and deal-breakers, not a generic ranking.',
    Icon: IconTargetArrow,
  },
  {
    title: 'Higher chances of success',
    text: 'Compatibility checks, such as pairwise carrier screening, help you avoid avoidable risks.',
    Icon: IconSparkles,
  },
  {
    title: 'Vetted partners',
    text: 'Donors come from partner donor banks and agencies that screen and verify them.',
    Icon: IconShieldCheck,
  },
  { title: 'Faster matching', text: 'What once took weeks of browsing profiles now takes minutes.', Icon: IconBolt },
  {
    title: 'Compassionate support',
    text: 'People who understand fertility journeys answer your questions.',
    Icon: IconHeartHandshake,
  },
];

export function Benefits() {
  return (
    <section className={h.band} aria-labelledby="why-title">
      <div className={c.section}>
        <p className={c.eyebrow}>Why choose us</p>
        <h2 id="why-title" className={c.h2}>
          Why families choose Kindred
        </h2>
        <ul className={c.grid3} style={{ listStyle: 'none', padding: 0, margin: '24px 0 0' }}>
          {BENEFITS.map(({ title, text, Icon }) => (
            <li key={title} className={c.card}>
              <div className={h.icon} aria-hidden="true">
                <Icon size={24} />
              </div>
              <h3 className={c.h3}>{title}</h3>
              <p className={c.muted}>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const SERVICES = [
  {
    title: 'Genetic risk testing',
    text: 'A Genetic Risk Assessment report ($150) compares carrier screening results for you and a donor.',
    Icon: IconDna,
  },
  {
    title: 'Legal services',
    text: 'Review of donor and surrogate contracts by partner lawyers; the price depends on the contract.',
    Icon: IconScale,
  },
  {
    title: 'Fertility counseling',
    text: 'Sessions with a fertility counselor ($150 per hour) to talk through choices and feelings.',
    Icon: IconUserHeart,
  },
];

/** Spec: the matching card goes to /login on click; the other three are not clickable. */
export function Services() {
  return (
    <section className={c.section} aria-labelledby="services-title">
      <p className={c.eyebrow}>Our services</p>
      <h2 id="services-title" className={c.h2}>
        Everything around the match
      </h2>
      <ul className={c.grid4} style={{ listStyle: 'none', padding: 0, margin: '24px 0 0' }}>
        <li>
          <Link to={paths.login} className={`${c.card} ${h.serviceLink}`}>
            <div className={h.icon} aria-hidden="true">
              <IconUsers size={24} />
            </div>
            <h3 className={c.h3}>Donor and surrogate AI-driven matching</h3>
            <p className={c.muted}>Ranked egg donor, sperm donor and surrogate matches with clear explanations.</p>
            <span className={h.serviceCta}>Sign in to start matching</span>
          </Link>
        </li>
        {SERVICES.map(({ title, text, Icon }) => (
          <li key={title} className={c.card}>
            <div className={h.icon} aria-hidden="true">
              <Icon size={24} />
            </div>
            <h3 className={c.h3}>{title}</h3>
            <p className={c.muted}>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MissionVision() {
  return (
    <section className={h.band} aria-labelledby="mission-title">
      <div className={c.section}>
        <h2 id="mission-title" className={c.h2}>
          Our mission and vision
        </h2>
        <div className={h.split} style={{ marginTop: 20 }}>
          <div className={c.card}>
            <h3 className={c.h3}>Mission</h3>
            <p className={c.muted}>
              To empower families with emotional care together with AI matching, so that every intended parent, single
              or partnered, of any gender or orientation, can make informed choices with confidence.
            </p>
          </div>
          <div className={c.card}>
            <h3 className={c.h3}>Vision</h3>
            <p className={c.muted}>
              Compassionate, accessible reproductive care, where finding a donor or a surrogate is transparent, fair and
              kind.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function EthicsTeaser() {
  return (
    <section className={c.section} aria-labelledby="ethics-title">
      <div className={c.card} style={{ display: 'flex', gap: 20, flexWrap: 'wrap', alignItems: 'center' }}>
        <div className={h.icon} aria-hidden="true">
          <IconMessageHeart size={24} />
        </div>
        <div style={{ flex: '1 1 320px' }}>
          <h2 id="ethics-title" className={c.h2}>
            The ethics of AI in fertility matching
          </h2>
          <p className={c.muted}>
            Our engine explains every score, treats untested genes as unknown rather than safe, and never decides for
            you. Read how we approach fairness, privacy and the limits of AI.
          </p>
        </div>
        <LinkButton to={paths.blogs} variant="light">
          Learn More<span className={c.srOnly}> about AI ethics on our blog</span>
        </LinkButton>
      </div>
    </section>
  );
}
