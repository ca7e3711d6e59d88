import type { ReactNode } from 'react';
import { Seo } from '../../../lib/seo.tsx';
import c from '../../content/components/content.module.css';

export const LEGAL_UPDATED = 'November 01, 2026';

/** The frame of a legal page: title, last-updated date, prose body. */
export function LegalPage({
  title,
  description,
  path,
  updated = LEGAL_UPDATED,
  children,
}: {
  title: string;
  description: string;
  path: string;
  /** When this page last changed (default: both legal pages' date). */
  updated?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Seo title={title} description={description} path={path} />
      <article className={c.section}>
        <h1 className={c.h1}>{title}</h1>
        <p className={c.meta}>Last updated: {updated}</p>
        <div className={c.prose}>{children}</div>
      </article>
    </>
  );
}
