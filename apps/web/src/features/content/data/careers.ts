export interface Opening {
  readonly title: string;
  readonly team: string;
  readonly type: string;
  readonly location: string;
  readonly summary: string;
  readonly responsibilities: readonly string[];
  readonly requirements: readonly string[];
}

export const openings: readonly Opening[] = [
  {
    title: 'Sales Executive, VIP Numbers',
    team: 'Sales',
    type: 'Full time',
    location: 'Mumbai (office)',
    summary:
      'Help buyers who call or message us find the number that fits their name, business, budget or numerology, and see the sale through to payment.',
    responsibilities: [
      'Answer calls, WhatsApp messages and enquiries from the website within the working day',
      'Search the inventory with buyers and suggest numbers by pattern, digits and total',
      'Explain pricing, GST and the porting process plainly and honestly',
      'Keep every conversation and follow-up recorded in the support console',
    ],
    requirements: [
      'One year or more in phone or chat sales',
      'Good spoken Hindi and English; Marathi is a plus',
      'Comfort with numbers and a patient manner',
    ],
  },
  {
    title: 'Porting Support Associate',
    team: 'Customer support',
    type: 'Full time',
    location: 'Mumbai (office)',
    summary:
      'Guide paid customers from the Unique Porting Code to a working SIM, and keep each order timeline up to date.',
    responsibilities: [
      'Send UPCs and GST invoices within 24 hours of payment',
      'Call each buyer before their store visit and explain what to carry',
      'Follow up on porting with operators and replace expired UPCs',
      'Record every step of the order timeline so the buyer always knows where things stand',
    ],
    requirements: [
      'Experience in telecom retail, a mobile store or customer support',
      'Knowledge of mobile number portability in India',
      'Careful record keeping',
    ],
  },
  {
    title: 'Business Development Manager, Messaging',
    team: 'Business solutions',
    type: 'Full time',
    location: 'Mumbai or remote within India',
    summary:
      'Sell our smart IVR, bulk SMS and WhatsApp Business API products to small and mid-sized businesses.',
    responsibilities: [
      'Find and qualify businesses that need IVR, SMS or WhatsApp messaging',
      'Run demos and prepare proposals with clear pricing',
      'Hand over signed customers to onboarding with complete requirements',
    ],
    requirements: [
      'Three years or more in B2B sales, ideally SaaS or telecom',
      'Understanding of DLT registration and business messaging rules',
      'Willingness to travel within the region',
    ],
  },
  {
    title: 'Digital Marketing Executive',
    team: 'Marketing',
    type: 'Full time',
    location: 'Mumbai (hybrid)',
    summary:
      'Bring the right buyers to the store through search, ads and content, and measure what works.',
    responsibilities: [
      'Run Google Ads and social campaigns with tracked landing pages',
      'Write and update blog articles about choosing and porting VIP numbers',
      'Report on campaigns, enquiries and orders every week',
    ],
    requirements: [
      'One to three years in performance marketing or SEO',
      'Clear written English',
      'Experience with Google Analytics 4',
    ],
  },
];
