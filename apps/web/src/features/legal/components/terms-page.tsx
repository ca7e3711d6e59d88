import { paths } from '../../../lib/paths.ts';
import { LegalPage } from './legal-page.tsx';

/** /terms-conditions, carrying the spec's terms (section 1): 18+, billing, interest, liability, Illinois law. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      path={paths.termsConditions}
      description={
        'The terms for using Kindred: eligibility, billing and refunds, liability, and governing law (Illinois).'
      }
    >
      <p>
        These terms govern your use of Kindred's website and services. By creating an account or buying a plan you agree
        to them.
      </p>
      <h2>1. What Kindred is</h2>
      <p>
        Kindred is a technology platform that suggests matches between intended parents and egg donors, sperm donors and
        surrogates. Kindred is not a clinic, does not provide medical care, and its tools are informational only.
        Matches and explanations are suggestions, not medical, genetic, legal or financial advice. Decisions about
        treatment are for you and your qualified professionals.
      </p>
      <h2>2. Eligibility</h2>
      <p>
        You must be at least 18 years old to create an account or use the services. Kindred does not knowingly serve or
        collect information from children under 16.
      </p>
      <h2>3. Your account</h2>
      <p>
        Keep your password secret and tell us at once if you think someone else has used your account. You are
        responsible for the accuracy of the information you give us.
      </p>
      <h2>4. Plans, billing and refunds</h2>
      <ul>
        <li>Fees are billed in advance. Premium is billed monthly until cancelled.</li>
        <li>
          Fees are non-refundable except as required by law. As a courtesy, a Starter purchase may be refunded within 7
          days if no matches were generated.
        </li>
        <li>
          You may cancel a subscription at any time; cancellation takes effect at the end of the paid period and no
          refund is made for time already billed.
        </li>
        <li>
          Balances not paid when due carry interest at 1.5% per month, or the highest rate the law allows if lower.
        </li>
        <li>
          Add-ons (Genetic Risk Assessment, Fertility Counseling, legal contract review) are priced as shown on the
          Pricing page.
        </li>
      </ul>
      <h2>5. Donor information</h2>
      <p>
        Donor profiles come from partner donor banks and agencies. We present them in good faith but do not guarantee
        that they are complete, current or accurate. Confirm all information with the bank or agency before you decide.
      </p>
      <h2>6. Acceptable use</h2>
      <p>
        Do not misuse the services: no scraping, no attempts to identify anonymous donors, no harassment, and no
        attempts to get around security or rate limits.
      </p>
      <h2>7. Limitation of liability</h2>
      <p>
        To the extent the law allows, Kindred's total liability for any claim relating to the services is limited to the
        fees you paid to Kindred in the 12 months before the event giving rise to the claim. Kindred is not liable for
        indirect or consequential losses. Nothing in these terms limits liability that cannot be limited by law.
      </p>
      <h2>8. Governing law</h2>
      <p>
        These terms are governed by the laws of the State of Illinois, United States, without regard to its
        conflict-of-laws rules, and disputes are subject to the courts located in Illinois.
      </p>
      <h2>9. Changes and contact</h2>
      <p>
        We may update these terms and will tell you of material changes by email or in the app. Questions: use the
        contact form on the <a href={paths.faqs}>FAQ page</a>.
      </p>
    </LegalPage>
  );
}
