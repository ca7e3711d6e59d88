import { Link } from 'react-router';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';
import { Logo } from '../ui/logo.tsx';
import classes from './footer.module.css';

const TAGLINE = 'Leveraging AI to help individuals and couples find their perfect match!';

const QUICK_LINKS = [
  { label: 'FAQs', to: paths.faqs },
  { label: 'Blogs', to: paths.blogs },
  { label: 'Fertility Resources', to: paths.fertilityResources },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
];
const RESOURCES = [
  { label: 'About Us', to: paths.about },
  { label: 'Terms and Conditions', to: paths.termsConditions },
];
const SOCIAL = [
  { label: 'Kindred on Facebook', href: 'https://www.facebook.com/', Icon: IconBrandFacebook },
  { label: 'Kindred on Instagram', href: 'https://www.instagram.com/', Icon: IconBrandInstagram },
  { label: 'Kindred on LinkedIn', href: 'https://www.linkedin.com/', Icon: IconBrandLinkedin },
  { label: 'Kindred on X', href: 'https://x.com/', Icon: IconBrandX },
];

/** Spec: footer links scroll the page to the top (also when the link points at the page already shown). */
function scrollToTop() {
  window.scrollTo({ top: 0, left: 0 });
}

function FooterLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={classes.link} onClick={scrollToTop}>
      {label}
    </Link>
  );
}

export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div>
          <Logo inverted />
          <p className={classes.tagline}>{TAGLINE}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={classes.heading}>
            Quick Links
          </h2>
          <ul className={classes.list}>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <FooterLink {...l} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={classes.heading}>
            Resources
          </h2>
          <ul className={classes.list}>
            {RESOURCES.map((l) => (
              <li key={l.to}>
                <FooterLink {...l} />
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={classes.heading}>Contact Us</h2>
          <address className={classes.contact}>
            <span className={classes.contactRow}>
              <IconPhone size={18} aria-hidden />
              <a className={classes.link} href="tel:+13125550142">
                +1 (312) 555-0142
              </a>
            </span>
            <span className={classes.contactRow}>
              <IconMail size={18} aria-hidden />
              <a className={classes.link} href="mailto:support@kindred.demo">
                support@kindred.demo
              </a>
            </span>
            <span className={classes.contactRow}>
              <IconMapPin size={18} aria-hidden />
              100 Lakeshore Plaza, Suite 400, Chicago, IL 60601
            </span>
          </address>
          <h2 className={classes.heading} style={{ marginTop: 20 }}>
            Follow us
          </h2>
          <div className={classes.social}>
            {SOCIAL.map(({ label, href, Icon }) => (
              <a
                key={label}
                href={href}
                aria-label={label}
                className={classes.socialLink}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon size={20} aria-hidden />
              </a>
            ))}
          </div>
        </div>
      </div>
      <div className={classes.bottom}>
        <div className={classes.bottomInner}>
          <span>© {new Date().getFullYear()} Kindred. All rights reserved.</span>
          <span className={classes.bottomLinks}>
            <FooterLink to={paths.privacyPolicy} label="Privacy Policy" />
            <FooterLink to={paths.termsConditions} label="Terms & Conditions" />
          </span>
        </div>
      </div>
    </footer>
  );
}
