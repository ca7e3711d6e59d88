import { Outlet } from 'react-router';
import { Footer } from '../../components/layout/footer.tsx';
import { PublicHeader } from '../../components/layout/public-header.tsx';
import classes from '../../components/layout/layout.module.css';

/** Public layout (spec section 2): the simple header, the page, the footer. */
export function PublicLayout() {
  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
