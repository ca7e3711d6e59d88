import c from '../../content/components/content.module.css';
import h from './home.module.css';

const PANELS = [
  {
    title: 'Support',
    text:
      'Questions about matching, your account or billing? Write to us from the FAQ page; a person replies within ' +
      'two working days.',
  },
  {
    title: 'Workplace',
    text: 'We work remotely across time zones, with a small office in Chicago, Illinois, and meet families online.',
  },
  {
    title: 'Our Live Feedback',
    text:
      'Every explanation in your matches has a feedback link. We read each note and use it to improve how ' +
      'matches are explained.',
  },
];

/** The 'Support/Our Team' block (spec section 2). */
export function SupportPanels() {
  return (
    <section className={c.section} aria-labelledby="support-panels-title">
      <h2 id="support-panels-title" className={c.h2}>
        Support and our team
      </h2>
      <div className={h.split} style={{ marginTop: 20 }}>
        {PANELS.map((p) => (
          <div key={p.title} className={c.card}>
            <h3 className={c.h3}>{p.title}</h3>
            <p className={c.muted}>{p.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
