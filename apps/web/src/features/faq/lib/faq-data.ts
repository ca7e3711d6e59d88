/**
 * FAQ content (spec section 2: nine sections). Answers follow the product's stated policies (spec sections 1
 * and 9).
 */
export type FaqItem = { q: string; a: string };
export type FaqSection = { title: string; items: FaqItem[] };

export const FAQ_SECTIONS: FaqSection[] = [
  {
    title: 'About the Service',
    items: [
      {
        q: 'What is Kindred?',
        a:
          'Kindred is a technology platform that helps intended parents find egg donors, sperm donors and ' +
          'surrogates through AI-assisted matching. It ranks donors by compatibility with the preferences you give ' +
          'and explains each score.',
      },
      {
        q: 'Is Kindred a fertility clinic?',
        a:
          'No. Kindred is not a clinic and does not provide medical care. Our tools are informational only, and ' +
          'matches are suggestions, not medical advice. Your clinic and your doctors make medical decisions with ' +
          'you.',
      },
      {
        q: 'Who can use Kindred?',
        a:
          'Adults aged 18 or older who are planning to build a family: single parents, couples of any gender, and ' +
          'LGBTQ+ families. We do not serve children under 16.',
      },
      {
        q: 'Do I need an account to look around?',
        a:
          'No. The home page, blog, pricing, FAQ and fertility resources are open to everyone, and you can start ' +
          'the preference wizard. You need an account to continue past its first steps and to see matches.',
      },
    ],
  },
  {
    title: 'Matching & Technology',
    items: [
      {
        q: 'How does the matching work?',
        a:
          'You tell us what matters across medical and genetic, lifestyle and environment, demographic, and values ' +
          'and legal factors, and how important each one is. Donors who fail a deal-breaker are left out; the rest ' +
          'are scored in each area and weighted by your choices.',
      },
      {
        q: 'Can I see why a donor was matched?',
        a:
          'Yes. Every match shows an overall percentage, scores for each area, the attributes that matched, and a ' +
          'short explanation generated from the same facts as the score.',
      },
      {
        q: 'Does the AI decide for me?',
        a:
          'No. Matches are a shortlist to discuss with your clinic, counselor and family. The engine does not ' +
          'predict a child’s health, looks or personality.',
      },
      {
        q: 'How current are the donor profiles?',
        a:
          'Profiles come from partner donor banks and agencies and are updated when they send changes. Always ' +
          'confirm availability and the latest screening with the bank before you decide.',
      },
    ],
  },
  {
    title: 'Data, Privacy & Security',
    items: [
      {
        q: 'What data do you collect?',
        a:
          'Your account details (name, email, phone, date of birth), your matching preferences, and payment ' +
          'records. Card details are handled by our payment provider, not stored by us.',
      },
      {
        q: 'Do you sell my data?',
        a:
          'No. We use your data to provide matching and support, and we share it only with service providers who ' +
          'help us run Kindred, under contract, or when the law requires it.',
      },
      {
        q: 'Can I download or delete my data?',
        a:
          'Yes. You can ask for a copy of your data or for your account to be deleted at any time; we confirm by ' +
          'email. Some payment records must be kept for tax and accounting law.',
      },
      {
        q: 'How is my account protected?',
        a:
          'Passwords are stored only as strong one-way hashes, connections are encrypted, sign-in attempts are rate ' +
          'limited, and changing your password signs out every other session.',
      },
    ],
  },
  {
    title: 'Genetic Testing & Counseling',
    items: [
      {
        q: 'What is carrier screening and why does it matter?',
        a:
          'Carrier screening finds gene variants that usually cause no symptoms in the carrier. For recessive ' +
          'conditions the risk depends on both genetic parents: if both carry a variant in the same gene, each ' +
          'pregnancy has a 1 in 4 chance of an affected child.',
      },
      {
        q: 'What does “untested” mean on a match?',
        a:
          'It means the donor was not screened for a gene in which you carry a variant, so the risk for that pair ' +
          'is unknown. We never show an untested pair as compatible. Ask the bank about further testing or talk to ' +
          'a genetic counselor.',
      },
      {
        q: 'What is the Genetic Risk Assessment add-on?',
        a:
          'A report, at $150 per report, that compares your carrier screening results with a chosen donor’s, gene ' +
          'by gene, in plain language. It is information for you and your clinic, not a diagnosis.',
      },
      {
        q: 'Do you offer counseling?',
        a:
          'Yes. Fertility Counseling is available as an add-on at $150 per hour with a qualified counselor. Your ' +
          'clinic may also offer or require counseling for donor conception and surrogacy.',
      },
    ],
  },
  {
    title: 'Pricing, Trials & Billing',
    items: [
      {
        q: 'What plans are there?',
        a:
          'Trial gives you 1 match, once, free. Starter gives you 3 matches as a one-time purchase. Premium is a ' +
          'monthly subscription with unlimited matches. See the Pricing page for current prices.',
      },
      {
        q: 'When am I billed?',
        a:
          'Fees are billed in advance. Premium renews monthly until you cancel. Late balances carry interest of ' +
          '1.5% per month.',
      },
      {
        q: 'Can I get a refund?',
        a:
          'Fees are non-refundable except as required by law, with one exception: a Starter purchase can be ' +
          'refunded within a short period (e.g., 7 days) if no matches were generated.',
      },
      {
        q: 'How do I cancel Premium?',
        a:
          'Cancel anytime from your subscription page. You keep access until the end of the period you have paid ' +
          'for; there is no refund for the time already billed.',
      },
    ],
  },
  {
    title: 'Legal, Contracts & Ethics',
    items: [
      {
        q: 'Do you provide legal services?',
        a:
          'Our Legal services add-on offers review of donor and surrogate contracts by partner lawyers; the price ' +
          'depends on the contract. It does not replace independent legal advice for each party.',
      },
      {
        q: 'Which law governs the Terms?',
        a:
          'Our Terms and Conditions are governed by the law of the State of Illinois. Laws on donor conception and ' +
          'surrogacy differ by state and country, so get local advice.',
      },
      {
        q: 'How do you approach the ethics of AI?',
        a:
          'The engine explains every score, uses only the preferences you give, never infers protected ' +
          'characteristics, and is tested for unfair ranking. Read more in our blog.',
      },
      {
        q: 'What is your liability?',
        a:
          'As set out in the Terms, our total liability is limited to the fees you paid in the 12 months before the ' +
          'claim, except where the law does not allow such a limit.',
      },
    ],
  },
  {
    title: 'Account, Verification & Safety',
    items: [
      {
        q: 'How old do I need to be?',
        a: 'You must be 18 or older to create an account. We check your date of birth at sign-up.',
      },
      {
        q: 'I forgot my password. What do I do?',
        a: 'Choose Forgot Password on the sign-in page. We email you a six-digit code; enter it to set a new password.',
      },
      {
        q: 'How do you verify donors?',
        a:
          'Partner donor banks and agencies screen and verify donors, including medical history and infectious ' +
          'disease testing, under the rules that apply to them. Ask the bank for details of any donor you are ' +
          'considering.',
      },
      {
        q: 'How do I stay safe when contacting a known donor or carrier?',
        a:
          'Communicate through your clinic, agency or lawyer where possible, never send money outside a written ' +
          'agreement, and tell us about anything suspicious.',
      },
    ],
  },
  {
    title: 'International Users',
    items: [
      {
        q: 'Can I use Kindred outside the United States?',
        a:
          'Yes, you can create an account from anywhere. Donor availability, shipping of donor gametes, and the law ' +
          'on donor anonymity and surrogacy vary by country, so check what applies where you will be treated.',
      },
      {
        q: 'Which currency are prices in?',
        a: 'Prices are shown and charged in US dollars. Your bank may apply its own conversion fees.',
      },
      {
        q: 'Are international guidance bodies listed?',
        a:
          'Yes. Our Fertility Resources page links to bodies such as the UK’s HFEA and Europe’s ESHRE as well as US ' +
          'organisations.',
      },
    ],
  },
  {
    title: 'Troubleshooting & Support',
    items: [
      {
        q: 'I did not receive my verification code.',
        a:
          'Check your spam folder and that the email address is right, then ask for a new code after a short wait. ' +
          'Codes expire after a few minutes.',
      },
      {
        q: 'My matches look wrong.',
        a:
          'Check your preferences, especially deal-breakers, which remove donors completely. If something still ' +
          'seems wrong, write to us with the form below.',
      },
      {
        q: 'How do I contact support?',
        a:
          'Use the contact form below. A person reads every message and replies by email, usually within two ' +
          'working days.',
      },
    ],
  },
];

export const DISCLAIMERS = [
  'Kindred is a technology platform, not a clinic, and does not provide medical, genetic, legal or financial advice.',
  'Matches and explanations are suggestions based on the information you and our partners provide. Confirm every ' +
    'decision with qualified professionals.',
  'Donor information comes from partner banks and agencies; we cannot guarantee it is complete or error-free.',
  'You must be 18 or older to use Kindred. We do not serve children under 16.',
];
