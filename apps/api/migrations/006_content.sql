-- Public content: articles, team, testimonials, fertility resources, contact messages, and the seeded content.
-- Markdown bodies use dollar quoting. The migration runner strips double-hyphen comments and splits on a
-- semicolon at a line end, so article text avoids both.
create table blogs (
  id bigint generated always as identity primary key,
  title text,
  slug text not null unique,
  content text,
  excerpt text,
  featured_image text,
  created_by_name text,
  view_count integer not null default 0,
  is_published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blogs_published_idx on blogs (published_at desc, id desc) where is_published;

-- One row per article and reader session: a view counts once however often the reader reloads.
create table blog_views (
  blog_id bigint not null references blogs(id) on delete cascade,
  session_id text not null,
  viewed_at timestamptz not null default now(),
  primary key (blog_id, session_id)
);

create table team_members (
  id bigint generated always as identity primary key,
  name text not null,
  designation text not null,
  email text not null,
  small_description text not null default '',
  image text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create table testimonials (
  id bigint generated always as identity primary key,
  quote text not null,
  author text not null,
  context text not null,
  sort_order integer not null default 0
);

create table resources (
  id bigint generated always as identity primary key,
  name text not null,
  description text not null,
  url text not null,
  logo text,
  category text not null check (category in ('clinical', 'community', 'international')),
  sort_order integer not null default 0
);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  question text not null,
  ip text,
  created_at timestamptz not null default now()
);
create index contact_messages_created_idx on contact_messages (created_at desc);

insert into team_members (name, designation, email, small_description, image, sort_order) values
  ('Dr. Amara Okafor', 'Medical Content Lead', 'amara.okafor@kindred.local', 'Reviews every article for clinical accuracy and plain language. Illustrative profile: this team member is fictional.', '/images/team/member-1.svg', 1),
  ('Jordan Reyes', 'Genetic Counseling Liaison', 'jordan.reyes@kindred.local', 'Helps families read carrier screening results and prepare questions for their counselor. Illustrative profile: this team member is fictional.', '/images/team/member-2.svg', 2),
  ('Priya Natarajan', 'Head of Matching Science', 'priya.natarajan@kindred.local', 'Designs the matching engine and its explanations, and audits it for fairness. Illustrative profile: this team member is fictional.', '/images/team/member-3.svg', 3),
  ('Sam Whitfield', 'Family Support Coordinator', 'sam.whitfield@kindred.local', 'Supports single parents, couples and LGBTQ+ families from first question to clinic. Illustrative profile: this team member is fictional.', '/images/team/member-4.svg', 4);

insert into testimonials (quote, author, context, sort_order) values
  ('Seeing why each donor was suggested made our conversations calmer. We went to our clinic with a short list and clear questions.', 'Illustrative example: a couple using donor eggs', 'Illustrative testimonial, not a real customer', 1),
  ('As a single dad by choice I worried I would not fit the usual forms. The questions simply asked what mattered to me.', 'Illustrative example: a single intended father', 'Illustrative testimonial, not a real customer', 2),
  ('The carrier screening guide explained what an untested result means, so we asked the sperm bank the right follow-up question.', 'Illustrative example: two intended mothers', 'Illustrative testimonial, not a real customer', 3);

insert into resources (name, description, url, logo, category, sort_order) values
  ('American Society for Reproductive Medicine (ASRM)', 'Patient fact sheets and committee opinions on IVF, donor gametes and gestational carriers.', 'https://www.reproductivefacts.org/', 'ASRM', 'clinical', 1),
  ('American College of Obstetricians and Gynecologists (ACOG)', 'Patient guidance on preconception care, carrier screening and pregnancy.', 'https://www.acog.org/womens-health', 'ACOG', 'clinical', 2),
  ('American College of Medical Genetics and Genomics (ACMG)', 'Professional guidance on carrier screening and genetic testing, and a directory for finding genetics services.', 'https://www.acmg.net/', 'ACMG', 'clinical', 3),
  ('CDC Assisted Reproductive Technology (ART)', 'National ART success-rate data by clinic and patient group, with notes on reading it.', 'https://www.cdc.gov/art/', 'CDC', 'clinical', 4),
  ('RESOLVE: The National Infertility Association', 'Free peer support groups, helpline information and advocacy for people facing infertility.', 'https://resolve.org/', 'RES', 'community', 5),
  ('Men Having Babies', 'Education and financial-assistance programs for gay intended fathers pursuing surrogacy.', 'https://www.menhavingbabies.org/', 'MHB', 'community', 6),
  ('Single Mothers by Choice', 'A community for single women thinking about, trying for or raising children on their own.', 'https://www.singlemothersbychoice.org/', 'SMC', 'community', 7),
  ('Fertility Network UK', 'Support, information and local groups for anyone affected by fertility problems in the UK.', 'https://fertilitynetworkuk.org/', 'FNUK', 'community', 8),
  ('Human Fertilisation and Embryology Authority (HFEA)', 'The UK regulator: clinic ratings, donor rules and impartial treatment information.', 'https://www.hfea.gov.uk/', 'HFEA', 'international', 9),
  ('European Society of Human Reproduction and Embryology (ESHRE)', 'European guidelines and patient leaflets on fertility treatment.', 'https://www.eshre.eu/', 'ESHRE', 'international', 10);

insert into blogs (title, slug, excerpt, featured_image, created_by_name, view_count, is_published, published_at, content) values
('How to Choose an Egg or Sperm Donor: A Practical Guide', 'how-to-choose-a-donor',
 'What a donor profile tells you, what it cannot, and a calm way to narrow a long list to a short one.',
 '/images/blog/choosing-a-donor.svg', 'Kindred Editorial Team', 1284, true, '2026-09-02T09:00:00Z',
$md$Choosing a donor is one of the most personal decisions in building a family. Whether you are a single parent, a same-sex couple or a heterosexual couple, the same principle helps: decide what matters most to *you* before you start scrolling.

> This article is general information, not medical or legal advice. Talk to your clinic, a genetic counselor and a lawyer about your situation.

## What a donor profile usually contains

Most egg and sperm banks publish, for each donor:

- **Medical and family history**, often across three generations.
- **Genetic screening results**, usually an expanded carrier screening panel (see our carrier screening guide).
- **Infectious disease testing.** In the United States, donor screening and testing is regulated by the FDA.
- **Physical characteristics**: height, eye and hair colour, ethnicity and ancestry.
- **Education, interests and a personal essay**, sometimes with audio interviews or childhood photos.
- **Disclosure type**: anonymous, known, or open-identity (willing to be contacted when the child turns 18).

## What a profile cannot tell you

A profile is self-reported in part and reviewed by the bank. Family history can be incomplete, and a negative screening result lowers risk without removing it. Treat the profile as a strong starting point and ask the bank how each part was verified.

## A calm way to narrow the list

1. **Start with the non-negotiables.** For many families these are genetic compatibility with the other genetic parent, disclosure type and availability. Write them down before you browse.
2. **Separate preferences from deal-breakers.** Hair colour may matter to you, but is it a reason to pass on an otherwise ideal donor? Kindred lets you mark each preference as important or as a deal-breaker for this reason.
3. **Check genetic compatibility early.** If you or your partner have carrier screening results, share them with your clinic so each shortlisted donor can be checked against them.
4. **Ask about family limits.** Banks limit how many families can use one donor. Ask what the limit is and how it is tracked, especially across countries.
5. **Think about your future child's questions.** Open-identity donors give your child the option of contact at 18. Many families find this matters more over time than any single trait.

## Questions to ask the bank

- When was the donor last screened, and which panel was used?
- How many families have used this donor, and how many vials or eggs remain?
- Will you tell us if new medical information about the donor comes to light?
- What are the shipping, storage and buy-back policies?

## Where Kindred fits

Kindred ranks donors by how well they fit the preferences you give, and explains each score in plain words. It does not replace your clinic, your genetic counselor or your own judgement. Use the matches as a shortlist to discuss with them.
$md$),
('Carrier Screening Explained: Why Compatibility Is About the Pair', 'carrier-screening-explained',
 'Recessive conditions depend on both genetic parents. Learn how pairwise risk works and why an untested result is not a pass.',
 '/images/blog/carrier-screening.svg', 'Kindred Editorial Team', 2317, true, '2026-09-16T09:00:00Z',
$md$Carrier screening looks for gene variants that usually cause no symptoms in the person who carries them but can cause a condition in a child. Most people carry at least one such variant, so a positive result is common and, on its own, not alarming.

> This article is general information, not medical advice. A genetic counselor can explain your own results.

## Recessive conditions: the risk belongs to the pair

Conditions such as cystic fibrosis, spinal muscular atrophy and sickle cell disease are **autosomal recessive**. A child is affected only if they inherit a non-working copy of the *same gene* from **both** genetic parents.

- If only one genetic parent carries a variant in a gene, children are generally not at high risk for that condition.
- If **both** genetic parents carry a variant in the **same gene**, each pregnancy has a **1 in 4 (25%) chance** of an affected child.

This is why Kindred compares a donor's results with those of the other genetic parent, gene by gene. A donor who is a carrier is not a "bad" donor: they may be an excellent match for someone who does not carry a variant in that gene.

## X-linked conditions depend on the egg source

For X-linked conditions, such as fragile X syndrome or Duchenne muscular dystrophy, the risk comes mainly from the person providing the egg. If the egg source is a carrier, each son has a 50% chance of being affected, whatever the sperm source's results. Egg donors are therefore usually screened for these conditions.

## Untested is not the same as a pass

Panels differ. One bank may test 300 genes, another 100. If a donor was **not tested** for a gene in which you carry a variant, the risk for that pair is **unknown**, not low. Kindred shows such pairs as untested rather than compatible. Ways forward include:

- asking the bank whether the donor can be tested for that gene,
- choosing a donor whose panel covers it, or
- discussing the residual risk with a genetic counselor.

## A negative result lowers risk but does not remove it

No test finds every variant. Laboratories report a *residual risk* for each condition after a negative result. It is usually small, but it is not zero, and it varies by ancestry and by test.

## What the guidance says

Professional bodies recommend offering carrier screening before or early in pregnancy. ACOG recommends offering screening for cystic fibrosis, spinal muscular atrophy and haemoglobin disorders to everyone, and ACMG recommends a broader, pan-ethnic panel for all people planning a pregnancy. Your clinic or counselor can tell you which panel fits your situation.

## Practical steps

1. Get your own results, or your partner's, if they will be a genetic parent.
2. Ask the bank for the donor's full report, not just a summary.
3. Compare the gene lists, not only the outcomes.
4. Book a session with a genetic counselor before you commit. Kindred offers Fertility Counseling as an add-on, and your clinic may offer it too.
$md$),
('Open-Identity Donors: What They Are and Why Families Choose Them', 'open-identity-donors',
 'Open-identity donors agree that a donor-conceived person can learn who they are at 18. Here is what that means in practice.',
 '/images/blog/open-identity.svg', 'Kindred Editorial Team', 986, true, '2026-09-30T09:00:00Z',
$md$When you choose a donor you also choose how much your future child will be able to know about them. Banks usually describe three options.

> This article is general information, not legal advice. Rules differ between countries, states and banks.

## The three disclosure types

- **Anonymous**: the bank does not release the donor's identity. Some banks allow limited, non-identifying contact through the bank.
- **Open-identity** (also called identity-release or ID-release): the donor agrees that the donor-conceived person may request the donor's identity, usually from the age of 18.
- **Known**: the donor is someone you already know, such as a friend or relative, or someone you meet through an agency.

## Why many families choose open-identity

Research with donor-conceived adults shows that many want the *option* of knowing more about their genetic origins, even if they never use it. An open-identity donor keeps that door open for your child, while leaving the decision to them.

Anonymity is also less certain than it once was. Consumer DNA tests can connect relatives, so a child may one day find genetic relatives whatever was agreed at the bank. In the United Kingdom, donors who donate through licensed clinics have been identifiable to donor-conceived people at 18 since 2005.

## Telling your child

Professional guidance encourages families to talk to children about their donor conception early, in simple words, and to keep the conversation going as they grow. Children told early tend to take it in their stride. Books written for donor-conceived children, for every family shape, can help you start.

## Practical questions for the bank

1. What exactly will my child receive at 18: a name, contact details, or an introduction through the bank?
2. What happens if the donor cannot be reached?
3. Does the bank run a sibling registry, so families who used the same donor can connect if they wish?
4. How does the bank handle a donor who later asks to change their disclosure choice?

## Known donors need legal care

With a known donor, agree expectations in writing and get independent legal advice for both sides before treatment. Parentage law varies, and using a licensed clinic often gives stronger legal protection than arrangements at home.

Kindred lets you filter by disclosure type and treat it as a deal-breaker if it matters to you.
$md$),
('Surrogacy Basics: Gestational Carriers, Screening and the Law', 'surrogacy-basics',
 'An introduction to gestational surrogacy: who carries, how carriers are screened, and why the legal side comes first.',
 '/images/blog/surrogacy-basics.svg', 'Kindred Editorial Team', 1542, true, '2026-10-14T09:00:00Z',
$md$Surrogacy helps many people become parents: people without a uterus, people for whom pregnancy would be unsafe, gay male couples and single men. This guide covers the basics.

> This article is general information, not medical or legal advice. Surrogacy law differs greatly between places, so speak to a lawyer who specialises in assisted reproduction.

## Gestational and traditional surrogacy

- In **gestational surrogacy**, the carrier becomes pregnant through IVF with an embryo created from the intended parents' or donors' eggs and sperm. The carrier is **not genetically related** to the baby. This is the usual arrangement at clinics today.
- In **traditional surrogacy**, the surrogate's own egg is used, so she is the genetic parent. It raises more legal and emotional complexity, and many clinics and agencies do not offer it.

## How gestational carriers are screened

Professional guidance, such as ASRM's recommendations for gestational carriers, generally expects that a carrier:

- is an adult of suitable age, usually between 21 and 45,
- has had at least one uncomplicated, full-term pregnancy and birth,
- has a medical evaluation and infectious disease testing,
- has a psychological evaluation and counseling, and
- has **independent legal counsel**, separate from the intended parents' lawyer.

Intended parents are usually assessed as well, including infectious disease testing for anyone providing eggs or sperm.

## The legal side comes first

Before any embryo transfer, the intended parents and the carrier sign a detailed contract covering compensation and expenses, medical decisions, insurance, communication and what happens in unexpected situations. In many US states, a court order before or after birth then confirms the intended parents as the legal parents. Illinois, for example, has a Gestational Surrogacy Act that sets out requirements for both sides. Other states and many countries restrict or forbid surrogacy, so where the carrier lives and where the baby is born both matter.

## Agency or independent?

Agencies find and screen carriers, coordinate the process and handle payments through escrow. An independent arrangement, often with someone you know, still needs a clinic, lawyers and counseling.

## How Kindred helps

If you choose surrogacy in Kindred's wizard, you answer extra questions, such as pregnancy history preferences and health insurance, so that matches reflect what your clinic and lawyer will need. Kindred's legal services add-on offers review of a surrogate contract, but it does not replace your own independent lawyer.
$md$),
('What Does Donor Conception and Surrogacy Cost? Planning Your Budget', 'costs-and-budgeting',
 'Typical cost ranges for donor sperm, donor eggs, IVF and surrogacy in the US, and how to ask clinics for a clear quote.',
 '/images/blog/costs.svg', 'Kindred Editorial Team', 3105, true, '2026-10-28T09:00:00Z',
$md$Costs vary widely by country, state, clinic and the route you take. The figures below are broad US ranges to help you start planning. Always ask for a written, itemised quote.

> This article is general information, not financial or medical advice. Prices change, and your own treatment plan decides what you will pay.

## Typical ranges in the United States

| Route | What is usually included | Broad range |
| - | - | - |
| Donor sperm with IUI | Vials, shipping, insemination and monitoring per cycle | roughly $1,500 to $5,000 per cycle |
| IVF with your own eggs | Monitoring, retrieval, lab work, one transfer, medication | often $15,000 to $30,000 per cycle |
| Frozen donor eggs | A cohort of eggs from an egg bank, then IVF and transfer | often $25,000 to $45,000 |
| Fresh donor egg cycle | Donor compensation, donor screening and medication, IVF | often $35,000 to $60,000 or more |
| Gestational surrogacy | Carrier compensation, agency, legal, insurance, IVF | commonly $100,000 to $200,000 or more |

Sources of variation include medication, the number of cycles, genetic testing of embryos, storage fees and travel.

## Costs people often miss

- **Storage fees** for frozen eggs, sperm or embryos, usually charged every year.
- **Genetic testing**: carrier screening for you and, if needed, extra tests for a donor.
- **Counseling sessions**, often required for donor conception and surrogacy.
- **Legal fees**: donor agreements, surrogacy contracts and parentage orders.
- **Insurance** for a gestational carrier's pregnancy.

## Ways families manage costs

1. Check your health insurance and your employer's benefits. Some US states require insurers to cover some fertility treatment.
2. Ask clinics about multi-cycle or refund programs, and read exactly what they cover.
3. Look at grants from non-profit organisations, including programs for LGBTQ+ parents.
4. Compare the total cost of a route, not the price of one step.

## Kindred's own fees

Kindred is a matching platform, not a clinic, so its fees cover matching only. The Trial plan gives one match free, Starter gives three matches as a one-time purchase, and Premium is a monthly subscription with unlimited matches. Genetic Risk Assessment ($150 per report) and Fertility Counseling ($150 per hour) are optional add-ons. See the Pricing page for current prices.
$md$),
('Questions to Ask a Fertility Clinic Before You Start', 'questions-to-ask-a-clinic',
 'A checklist for your first consultation: success rates, donor and surrogacy programs, costs, and support for every kind of family.',
 '/images/blog/clinic-questions.svg', 'Kindred Editorial Team', 1876, true, '2026-11-04T09:00:00Z',
$md$A first consultation can feel rushed. Bringing a list helps you compare clinics fairly and make sure they are right for your family.

> This article is general information, not medical advice.

## Results and how they are reported

- What are your live birth rates for patients like me, by age and by treatment (own eggs, donor eggs, frozen transfers)?
- Do you report to the national registry? In the US, clinics report to the CDC and SART, and you can compare published figures.
- Are your figures per started cycle, per retrieval or per transfer? Per-transfer rates look higher, so compare like with like.
- What is your policy on single embryo transfer? Transferring one embryo at a time lowers the risk of twins and its complications.

## Donor and surrogacy programs

- Do you have your own egg donor program, or do you work with egg banks and agencies?
- Which sperm banks do you work with, and how do you receive vials?
- Do you treat patients working with a gestational carrier, and which agencies and lawyers do you usually work with?
- How do you check a donor's carrier screening against ours, and who explains the result?

## Every kind of family

- How many single parents, same-sex couples and trans or non-binary patients do you treat?
- Are your forms, staff and counseling inclusive of our family?
- For two intended mothers: do you offer reciprocal IVF, where one partner provides the eggs and the other carries the pregnancy?

## Costs and paperwork

- Can I have an itemised written quote, including medication, monitoring, anaesthesia and storage?
- What happens to the cost if a cycle is cancelled?
- What are the storage fees for eggs, sperm and embryos, and what choices do we have for embryos we do not use?

## Support

- Is counseling part of the program, and is it required for donor conception?
- Who do we contact out of hours, and how quickly do you reply?
- Do you offer genetic counseling, or refer to a genetic counselor?

## After the consultation

Write down your impressions straight away. Did the team answer your questions clearly, without pressure? Did they talk to *you*, not only about you? That matters as much as any statistic.

If you use Kindred, bring your shortlist of matches and their explanations. They give the clinic a clear picture of what matters to you.
$md$),
('The Ethics of AI in Fertility Matching: What Kindred Does and Does Not Do', 'ethics-of-ai-in-fertility-matching',
 'How our matching engine uses your preferences, how it explains its scores, and the decisions it must never make for you.',
 '/images/blog/ethics-of-ai.svg', 'Kindred Editorial Team', 742, true, '2026-11-11T09:00:00Z',
$md$Artificial intelligence can make a long search shorter. In something as personal as building a family it must also be transparent, fair and humble about its limits. This is how we approach it.

> Kindred is a technology platform, not a clinic. Our matches are suggestions, not medical advice.

## What the matching engine does

- It reads the preferences **you** give: medical and genetic priorities, lifestyle, values, demographics and location, and how important each one is to you.
- It removes donors who fail a preference you marked as a **deal-breaker**.
- It scores the rest on four areas (medical and genetic, lifestyle and environment, demographic, values and legal) and weights them by the importance you chose.
- It compares carrier screening results pair by pair, and reports an untested gene as untested, never as compatible.

## Every score comes with its reasons

Each match shows the attributes that matched and a short explanation in plain words. The explanation is generated from the same facts the score used, so it cannot claim a reason that did not count. If a donor would rank higher when you relaxed one preference, we tell you which one.

## What it does not do

- It does **not** decide for you. The shortlist is a starting point for conversations with your clinic and counselor.
- It does **not** guess traits that a donor did not report.
- It does **not** use protected characteristics unless you ask for them as preferences, and it never infers them.
- It does **not** predict the health, looks or personality of a future child.

## Fairness and privacy

We test the engine with synthetic data to check that donors are not ranked down for reasons the preferences do not express. Your answers are used to match you and are not sold. You can download or delete your data at any time.

## Questions are welcome

If something in your matches seems wrong, tell us through the contact form on the FAQ page. A person reads every message.
$md$);
