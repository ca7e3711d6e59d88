import { useEffect, useState } from 'react';
import { isServerOrHydrating } from '../../../lib/seo.tsx';

/**
 * Spec: the blog page shows a spinner for 1 s before rendering. A page that arrived server-rendered is shown at
 * once (replacing its content by a spinner would only hide what the reader already has).
 */
export function useMinSpinner(ms: number): boolean {
  const [done, setDone] = useState(isServerOrHydrating);
  useEffect(() => {
    if (done) return undefined;
    const t = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(t);
  }, [done, ms]);
  return !done;
}
