import { paths } from '../../../lib/paths.ts';
import { LegalPage } from './legal-page.tsx';

/** /privacy-policy. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      path={paths.privacyPolicy}
      updated="November 25, 2026"
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
          <strong>Messages</strong> you send through the contact form, with the IP address they came from.
        </li>
        <li>
          <strong>Consent records</strong>: each time you give or withdraw a consent, when, and where (the preference
          wizard or your profile).
        </li>
        <li>
          <strong>Matches shown to you</strong> and the donors you mark as favourites.
        </li>
        <li>
          <strong>Copies of the emails we send you</strong> (welcome, receipts, notices). Verification codes are never
          stored in them.
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
      <p>
        Your preferences can include health information, such as genetic conditions and carrier screening results. We
        use it for matching only with your explicit consent, which the preference wizard asks for before your first set
        is saved. Sharing your shortlist with a clinic needs a separate consent for each clinic, and email updates a
        consent of their own.
      </p>
      <h2>4. Sharing</h2>
      <p>
        We share data only with service providers who help us run Kindred (hosting, email, payments) under contract,
        with partners you ask us to contact, or when the law requires it.
      </p>
      <h2>5. Retention</h2>
      <p>We keep each kind of data only as long as it is needed:</p>
      <ul>
        <li>
          <strong>Account data, preference sets, matches shown, favourites and consent records</strong>: while your
          account is open. When you delete your account they are deleted within 30 days.
        </li>
        <li>
          <strong>Payment records</strong>: as long as tax and accounting law requires; after you delete your account
          they are kept without your name or contact details.
        </li>
        <li>
          <strong>Password reset codes</strong>: stored only as a one-way hash, and deleted 2 days after they expire.
        </li>
        <li>
          <strong>Copies of emails we send you</strong>: 30 days after sending. Emails waiting for you to verify your
          address are deleted 30 days after they were written.
        </li>
        <li>
          <strong>Contact form messages</strong>: 90 days; the IP address they came from, 7 days.
        </li>
        <li>
          <strong>Article view records</strong>: 30 days.
        </li>
        <li>
          <strong>Copies of your data you download</strong>: available for 7 days, then deleted.
        </li>
      </ul>
      <h2>6. Your rights</h2>
      <p>
        You can see, correct, download or delete your data, and withdraw any consent, at any time. Depending on where
        you live you may have further rights, such as objecting to processing or complaining to a regulator.
      </p>
      <ul>
        <li>
          <strong>Download your data</strong>: on your profile, under <em>Your data and privacy</em>, choose{' '}
          <em>Download my data</em>. We prepare a JSON file and a readable summary with your account, preferences,
          matches shown, favourites, appointments, payments, consents and contact messages, email you when it is ready,
          and keep it for you to download for 7 days (up to 3 requests a day).
        </li>
        <li>
          <strong>Correct your data</strong>: edit your personal information on your profile, and your preferences in
          the preference wizard.
        </li>
        <li>
          <strong>Delete your account</strong>: on your profile, choose <em>Delete my account</em> and confirm with your
          password. Your account stops working at once; you can cancel within 7 days, after which your personal and
          health data are deleted within 30 days, except the payment records the law requires us to keep.
        </li>
        <li>
          <strong>Withdraw a consent</strong>: on your profile, under <em>Your data and privacy</em>, choose{' '}
          <em>Withdraw</em> next to it: one click. If you withdraw consent to use your health information for matching,
          we stop matching and do not save new preference sets; sets already saved stay in your account, unused, until
          you give consent again or delete your account.
        </li>
        <li>
          <strong>Anything else</strong>: use the contact form on the <a href={paths.faqs}>FAQ page</a>.
        </li>
      </ul>
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
