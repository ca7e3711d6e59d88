import { paths } from '../../../lib/paths.ts';
import { LegalPage } from './legal-page.tsx';

/** /privacy-policy. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      path={paths.privacyPolicy}
      description={
        'What personal data Kindred collects, why, who it is shared with, how long it is kept, and your rights.'
      }
    >
      <p>This policy explains what personal data Kindred collects, why, and the choices you have.</p>
      <h2>1. Who we are</h2>
      <p>
        Kindred is a technology platform for fertility matching. It is not a clinic and does not provide medical care or
        medical advice.
      </p>
      <h2>2. Data we collect</h2>
      <ul>
        <li>
          <strong>Account data</strong>: name, email address, phone number and date of birth.
        </li>
        <li>
          <strong>Matching preferences</strong>: the medical, genetic, lifestyle, demographic, values and location
          preferences you enter, including any carrier screening results you choose to share.
        </li>
        <li>
          <strong>Payment records</strong>: plans bought and amounts. Card details are handled by our payment provider
          and are not stored by Kindred.
        </li>
        <li>
          <strong>Messages</strong> you send through the contact form.
        </li>
        <li>
          <strong>Technical data</strong>: security logs and a session cookie used to count article views once per
          visit.
        </li>
      </ul>
      <h2>3. Why we use it</h2>
      <p>
        To provide matching and explain results, run your account and plan, answer your questions, keep the service
        secure, and meet legal obligations. We do not sell personal data and do not use your preferences for
        advertising.
      </p>
      <h2>4. Sharing</h2>
      <p>
        We share data only with service providers who help us run Kindred (hosting, email, payments) under contract,
        with partners you ask us to contact, or when the law requires it.
      </p>
      <h2>5. Retention</h2>
      <p>
        We keep your data while your account is open. When you delete your account we delete your data, except records
        we must keep by law, such as payment records for tax purposes.
      </p>
      <h2>6. Your rights</h2>
      <p>
        You can see, correct, download or delete your data. Depending on where you live you may have further rights,
        such as objecting to processing or complaining to a regulator.
      </p>
      <h2>7. Children</h2>
      <p>
        Kindred is for adults aged 18 and over. We do not serve children under 16 and do not knowingly collect their
        data; if we learn that we have, we delete it.
      </p>
      <h2>8. Security</h2>
      <p>
        Passwords are stored only as strong one-way hashes, connections are encrypted, and access to data is limited to
        what each task needs.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about privacy: use the contact form on the <a href={paths.faqs}>FAQ page</a>. See also our{' '}
        <a href={paths.termsConditions}>Terms and Conditions</a>.
      </p>
    </LegalPage>
  );
}
