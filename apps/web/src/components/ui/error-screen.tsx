import { IconMoodSad } from '@tabler/icons-react';
import { useEffect } from 'react';
import { markHydrated } from '../../lib/seo.tsx';
import { SOMETHING_WENT_WRONG } from '@kindred/shared/shell-messages';
import { buttonLook } from './link-button.tsx';
import classes from './error-screen.module.css';

/**
 * The screen for unhandled interface errors (spec section 2): 'Something went wrong' and a Refresh Page button.
 * Plain elements: it must show even when the failure is in the component library, and it is in every first load.
 */
export function ErrorScreen() {
  // The page responds now (its Refresh button), even though the app itself failed: boot.ts stops holding taps.
  useEffect(markHydrated, []);
  return (
    <main className={classes.main}>
      <div role="alert" className={classes.card}>
        <span className={classes.icon} aria-hidden>
          <IconMoodSad size={30} />
        </span>
        <h1 className={classes.title}>{SOMETHING_WENT_WRONG}</h1>
        <p className={classes.text}>An unexpected problem stopped this page. Refreshing usually fixes it.</p>
        <div className={classes.actions}>
          <button type="button" {...buttonLook({ size: 'md' })} onClick={() => window.location.reload()}>
            Refresh Page
          </button>
          {/* A full page load, not a router link: the router itself may be what failed. */}
          <a href="/" {...buttonLook({ size: 'md', variant: 'outline' })}>
            Go to Home
          </a>
        </div>
      </div>
    </main>
  );
}
