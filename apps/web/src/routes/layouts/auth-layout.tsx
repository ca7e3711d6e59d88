import { Outlet } from 'react-router';
import { HandshakeIllustration } from '../../components/ui/handshake-illustration.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import classes from './auth-layout.module.css';

/** Auth layout (spec section 2): the form on the left, a decorative handshake on the right (hidden below 600 px). */
export function AuthLayout() {
  return (
    <div className={classes.layout}>
      <div className={classes.formSide}>
        <header>
          <Logo />
        </header>
        <main id="main" className={classes.formArea}>
          <div className={classes.formInner}>
            <Outlet />
          </div>
        </main>
      </div>
      <aside className={classes.art} aria-hidden="true">
        <figure className={classes.artFigure}>
          <HandshakeIllustration />
        </figure>
        <div className={classes.artCaption}>
          Every family begins with a connection.
          <div className={classes.artNote}>Thoughtful, AI-assisted matching for intended parents.</div>
        </div>
      </aside>
    </div>
  );
}
