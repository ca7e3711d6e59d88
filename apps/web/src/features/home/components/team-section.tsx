import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { teamQuery } from '../../content/api/content.api.ts';
import c from '../../content/components/content.module.css';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import h from './home.module.css';

/** Spec section 9: the team list spinner is size 40. */
export const TEAM_SPINNER_SIZE = 40;

export function TeamSection() {
  const { data, isPending } = useQuery(teamQuery());
  return (
    <section className={h.band} aria-labelledby="team-title">
      <div className={c.section}>
        <h2 id="team-title" className={c.h2}>
          Meet Our Team
        </h2>
        <p className={c.muted}>The people behind the matching engine and the support you receive.</p>
        {isPending ? (
          <div className={c.center} role="status">
            <Loader size={TEAM_SPINNER_SIZE} />
            <span>Loading team...</span>
          </div>
        ) : (
          <ul className={c.grid4} style={{ listStyle: 'none', padding: 0, margin: '24px 0 0' }}>
            {(data ?? []).map((m) => (
              <li key={m.id} className={h.teamCard}>
                <ResponsiveImage
                  className={h.teamImage}
                  src={m.image || '/images/team/member-1.svg'}
                  alt=""
                  width={120}
                  height={120}
                  sizes="120px"
                />
                <h3 className={c.h3}>{m.name}</h3>
                <p className={c.meta}>{m.designation}</p>
                <a className={h.teamEmail} href={`mailto:${m.email}`}>
                  {m.email}
                </a>
                <p className={c.muted} style={{ marginTop: 8, fontSize: '0.95rem' }}>
                  {m.small_description}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className={c.notice}>
          Team profiles and portraits on this site are illustrative: the people shown are fictional.
        </p>
      </div>
    </section>
  );
}
