import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ResourceDto } from '@kindred/shared/content.schemas';
import { Fragment } from 'react';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import { resourcesQuery } from '../../content/api/content.api.ts';
import c from '../../content/components/content.module.css';
import r from './resources.module.css';

function Tile({ res }: { res: ResourceDto }) {
  return (
    <li className={r.tile}>
      <span className={r.logo} aria-hidden="true">
        {res.logo ?? res.name.slice(0, 3)}
      </span>
      <h3 className={c.h3}>
        <a href={res.url} target="_blank" rel="noopener noreferrer">
          {res.name}
          <span className={r.sr}> (opens in a new tab)</span>
        </a>
      </h3>
      <p className={c.muted}>{res.description}</p>
    </li>
  );
}

/**
 * /fertility-guide-steps, labelled Fertility Resources (spec): 'Patient Communities and Support Groups' heads the
 * 5th tile on.
 */
export function ResourcesPage() {
  const { data, isPending } = useQuery(resourcesQuery());
  const items = data ?? [];
  return (
    <>
      <Seo
        title="Fertility Resources"
        description={
          'Clinical guidance from ASRM, ACOG, ACMG, CDC, HFEA and ESHRE, and patient communities and support ' +
          'groups.'
        }
        path={paths.fertilityResources}
      />
      <section className={c.section} aria-labelledby="resources-title">
        <h1 id="resources-title" className={c.h1}>
          Fertility Resources
        </h1>
        <p className={c.lead}>
          Trusted, independent sources. Kindred is not affiliated with these organisations; their guidance is theirs.
        </p>
        <h2 className={c.h2}>Clinical guidance</h2>
        {isPending ? (
          <div className={c.center} role="status">
            <Loader size={40} />
            <span>Loading resources...</span>
          </div>
        ) : (
          <ul className={r.tiles}>
            {items.map((res, i) => (
              <Fragment key={res.id}>
                {i === 4 && (
                  <li className={r.heading}>
                    <h2 className={c.h2}>Patient Communities and Support Groups</h2>
                  </li>
                )}
                {i > 4 && res.category !== items[i - 1]?.category && res.category === 'international' && (
                  <li className={r.heading}>
                    <h2 className={c.h2}>International guidance</h2>
                  </li>
                )}
                <Tile res={res} />
              </Fragment>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
