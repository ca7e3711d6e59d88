import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { checkToken, GUARD_SPINNER_SIZE } from '@kindred/shared';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { refreshAccessToken } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { clearToken, getToken } from '../../../lib/session.ts';

type GuardState = 'checking' | 'allowed';

/**
 * Route guard for /profile, /donor-matches, /subscription and /dashboard (spec sections 2, 4, 8). An expired
 * token gets one silent refresh from the httpOnly cookie; every other failure reason (no_token, invalid_format,
 * decode_error) and a failed refresh clear the session and replace the page with /login.
 */
export function RequireAuth() {
  const { pathname } = useLocation();
  // A fresh check on every guarded page, not only on the first one visited.
  return <TokenGuard key={pathname} />;
}

function TokenGuard() {
  const navigate = useNavigate();
  const [state, setState] = useState<GuardState>(() =>
    checkToken(getToken(), Date.now() / 1000) === 'valid' ? 'allowed' : 'checking',
  );

  useEffect(() => {
    if (state === 'allowed') return;
    let cancelled = false;
    const reject = () => {
      if (cancelled) return;
      clearToken();
      void navigate(paths.login, { replace: true });
    };
    const reason = checkToken(getToken(), Date.now() / 1000);
    if (reason === 'decode_error') console.error('Stored token could not be decoded');
    if (reason === 'expired') {
      void refreshAccessToken().then((ok) => {
        if (cancelled) return;
        if (ok && checkToken(getToken(), Date.now() / 1000) === 'valid') setState('allowed');
        else reject();
      });
    } else if (reason === 'valid') {
      setState('allowed');
    } else {
      reject();
    }
    return () => {
      cancelled = true;
    };
  }, [navigate, state]);

  if (state === 'checking') {
    return <PageLoader size={GUARD_SPINNER_SIZE} label="Checking your session" />;
  }
  return <Outlet />;
}
