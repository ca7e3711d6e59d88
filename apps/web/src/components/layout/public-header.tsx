import { NavLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Logo } from '../ui/logo.tsx';
import classes from './layout.module.css';

const LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'Fertility Resources', to: paths.fertilityResources },
  { label: 'About Us', to: paths.about },
] as const;

/** The public layout's simple header (spec section 2): Home, Fertility Resources, About Us. */
export function PublicHeader() {
  return (
    <header className={`${classes.header} ${classes.simpleHeader}`}>
      <div className={classes.headerInner}>
        <Logo />
        <nav aria-label="Main" className={classes.simpleNav}>
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.navLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
