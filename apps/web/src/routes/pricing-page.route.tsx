// The Mantine components of the plans and add-ons beyond the public set (styles/mantine-public.ts).
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { paths } from '../lib/paths.ts';
import { Seo } from '../lib/seo.tsx';
import { PricingPage } from './pricing.route.tsx';
import { requestToaster } from '../app/toaster-gate.ts';

// Buying a plan reports failures in a toast.
requestToaster();

/** The existing pricing page with its title and description for search results and link previews. */
export function PricingWithMeta() {
  return (
    <>
      <Seo
        title="Pricing"
        description={
          'Kindred plans: Trial (1 match, free), Starter (3 matches, one time) and Premium (unlimited matches, ' +
          'monthly), plus add-ons.'
        }
        path={paths.pricing}
      />
      <PricingPage />
    </>
  );
}
