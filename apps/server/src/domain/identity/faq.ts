import type { FaqEntry } from '@zview/contracts';

/** The FAQ page's content (GET /api/faq). */
export const FAQ: FaqEntry[] = [
  {
    id: 'what-is-zview',
    category: 'General',
    question: 'What is Z-VIEW?',
    answer:
      'Z-VIEW shows property risk scores (fire, hail, wind, storm, water, property and roof age) with aerial, oblique and before/after imagery, and lets you score whole portfolios of properties.',
  },
  {
    id: 'lookup',
    category: 'Scores',
    question: 'How do I look up a property?',
    answer:
      'Type an address in the search box, or switch to coordinates and enter latitude and longitude. The scores of every product enabled for your organisation appear with the imagery.',
  },
  {
    id: 'risk-levels',
    category: 'Scores',
    question: 'What do the risk levels mean?',
    answer:
      'Each score falls into low, medium or high risk. "None" means the hazard does not apply at that location. The factors that drove a score are listed under it.',
  },
  {
    id: 'sample-data',
    category: 'Scores',
    question: 'Is the data real?',
    answer:
      'Unless your organisation has loaded its own region, Z-VIEW shows a generated sample world placed on real US geography. Sample data is labelled as such.',
  },
  {
    id: 'pin',
    category: 'Imagery',
    question: 'The pin is on the wrong building. What can I do?',
    answer:
      'Drag the location pin onto the right building and confirm. The scores are recalculated for the new location.',
  },
  {
    id: 'portfolio-upload',
    category: 'Portfolios',
    question: 'How do I score a portfolio?',
    answer:
      'Open Z-PORTFOLIO, choose Create, upload a CSV of addresses and pick the products. Progress is shown while the file is processed; rows that could not be scored are listed under errors.',
  },
  {
    id: 'appeal',
    category: 'Scores',
    question: 'Can I challenge a score?',
    answer:
      'Organisations with appeals enabled can change the features of a property (for example the roof material), recalculate, and publish the new score. Earlier versions stay available.',
  },
  {
    id: 'team',
    category: 'Account',
    question: 'How do I add a colleague?',
    answer:
      'Group admins open Team Management from the account menu and choose Add new member. The colleague receives an email to choose a password.',
  },
  {
    id: 'password',
    category: 'Account',
    question: 'I forgot my password.',
    answer:
      'On the sign-in page, enter your email, then choose "Forgot your password?". You will receive a link to set a new one. If your organisation signs in with single sign-on, use your company account instead.',
  },
  {
    id: 'billing',
    category: 'Account',
    question: 'Where do I see our usage?',
    answer:
      'Group admins of organisations with self-serve billing find annual usage, quarterly transactions and portfolio submissions on the Billing page.',
  },
  {
    id: 'support',
    category: 'General',
    question: 'How do I contact support?',
    answer:
      'Write to the support address shown on the sign-in page; include the address or portfolio name you were looking at.',
  },
];
