import { Outlet } from 'react-router';
import { Footer } from '../../components/layout/footer.tsx';
import { MainHeader } from '../../components/layout/main-header.tsx';
import classes from '../../components/layout/layout.module.css';

/** Main layout (spec section 2): the main header, a main area, the footer. */
export function MainLayout() {
  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <MainHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
