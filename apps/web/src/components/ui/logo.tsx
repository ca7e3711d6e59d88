import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

type Props = { inverted?: boolean };

/** The Kindred mark and wordmark; a click goes home (spec: "Logo click goes to /"). */
export function Logo({ inverted = false }: Props) {
  const ink = inverted ? '#ffffff' : 'var(--kindred-teal-dark)';
  return (
    <Link
      to={paths.home}
      aria-label="Kindred home"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 10, textDecoration: 'none', flexShrink: 0 }}
    >
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="18" fill={inverted ? '#ffffff' : '#0f6e6e'} />
        <path
          d="M32 49s-16-9.6-16-21.5a9 9 0 0 1 16-5.9 9 9 0 0 1 16 5.9C48 39.4 32 49 32 49z"
          fill={inverted ? '#7f3a6e' : '#f8eff5'}
        />
      </svg>
      <span style={{ fontSize: '1.3rem', fontWeight: 700, letterSpacing: '-0.01em', color: ink }}>Kindred</span>
    </Link>
  );
}
