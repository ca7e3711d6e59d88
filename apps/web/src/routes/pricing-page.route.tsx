import { paths } from '../lib/paths.ts';
import { Seo } from '../lib/seo.tsx';
import { PricingPage } from './pricing.route.tsx';

/** The existing pricing page with its title and description for search results and link previews. */
export function PricingWithMeta() {
  return (
    <>
      <Seo title="Pricing" description="Kindred plans: Trial (1 match, free), Starter (3 matches, one time) and Premium (unlimited matches, monthly), plus add-ons." path={paths.pricing} />
      <PricingPage />
    </>
  );
}
