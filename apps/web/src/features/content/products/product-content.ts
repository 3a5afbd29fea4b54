import type { EnquiryTopic } from '@store/domain';
import type { FaqItem } from '../../seo';

/** The business messaging products (spec §1): what each page says. */
export interface ProductContent {
  readonly topic: Extract<EnquiryTopic, 'smart-ivr' | 'sms-solutions' | 'whatsapp'>;
  readonly path: string;
  readonly name: string;
  /** schema.org Service serviceType. */
  readonly serviceType: string;
  readonly metaTitle: string;
  readonly metaDescription: string;
  readonly eyebrow: string;
  readonly headline: string;
  readonly intro: string;
  readonly highlights: readonly string[];
  readonly features: readonly { title: string; text: string }[];
  readonly useCases: readonly { title: string; text: string }[];
  readonly setup: readonly { title: string; text: string }[];
  readonly pricing: { readonly intro: string; readonly points: readonly string[] };
  readonly faqs: readonly FaqItem[];
  readonly formIntro: string;
  readonly messagePlaceholder: string;
}

export const smartIvr: ProductContent = {
  topic: 'smart-ivr',
  path: '/products/smart-ivr',
  name: 'Smart IVR',
  serviceType: 'Interactive voice response (cloud IVR)',
  metaTitle: 'Smart IVR for Businesses',
  metaDescription:
    'Cloud IVR for Indian businesses: call menus, routing to the right team, after-hours messages, missed-call alerts, call recording and reports. Request a free demo.',
  eyebrow: 'Business solutions',
  headline: 'Smart IVR: answer every call like a big company',
  intro:
    'Greet callers with your own menu, send each call to the right person, and see every call in one report. No hardware, no exchange: it runs in the cloud on a number your customers already know.',
  highlights: [
    'Live in 2 to 3 working days',
    'Works with your existing mobiles',
    'Hindi, English and regional greetings',
  ],
  features: [
    {
      title: 'Multi-level call menus',
      text: '“Press 1 for sales, 2 for support.” Build menus in any language with recorded or text-to-speech greetings.',
    },
    {
      title: 'Smart call routing',
      text: 'Ring agents one after another or all at once, route by time of day, and send repeat callers to the person they spoke to last.',
    },
    {
      title: 'After-hours and holidays',
      text: 'Play a closed message, take voicemail and send the caller an SMS with your timings and WhatsApp link.',
    },
    {
      title: 'Missed-call alerts',
      text: 'Every missed call is sent to the team by SMS or e-mail so nobody is left waiting for a call back.',
    },
    {
      title: 'Call recording',
      text: 'Record calls for training and quality checks, with access limited to the people you choose.',
    },
    {
      title: 'Reports and call logs',
      text: 'See calls by hour, agent and menu option, the missed calls of the day and the average wait, in a web dashboard.',
    },
  ],
  useCases: [
    {
      title: 'Clinics and hospitals',
      text: 'Appointments, reports and emergencies on separate options, and a message with timings after hours.',
    },
    {
      title: 'Schools and coaching centres',
      text: 'Admissions, fees and transport enquiries routed to the right desk during the admission rush.',
    },
    {
      title: 'Real estate',
      text: 'Each project or campaign on its own option, so you know which advertisement brought the call.',
    },
    {
      title: 'Retail and service businesses',
      text: 'Orders, service requests and complaints handled by different people from one published number.',
    },
  ],
  setup: [
    {
      title: 'Tell us your call flow',
      text: 'A short call to understand your teams, timings and languages.',
    },
    {
      title: 'We build and record it',
      text: 'We set up the menus and greetings and share a test number.',
    },
    { title: 'Go live', text: 'Publish the number or forward your existing number to the IVR.' },
    {
      title: 'Review the reports',
      text: 'We help you read the first week of reports and fine-tune the flow.',
    },
  ],
  pricing: {
    intro:
      'Plans are monthly and priced by what you actually use, so a single-location clinic does not pay for a call centre.',
    points: [
      'A monthly plan based on the number of agents and simultaneous calls.',
      'Call minutes billed at the rate in your plan, with a monthly allowance included.',
      'A one-time setup fee for the IVR number and recordings, waived on annual plans.',
      'No hardware to buy and no long lock-in: upgrade or downgrade as you grow.',
    ],
  },
  faqs: [
    {
      question: 'Do my agents need special phones?',
      answer:
        'No. Calls are forwarded to ordinary mobile or landline numbers, so your team answers on the phones they already use.',
    },
    {
      question: 'Can I use my VIP number for the IVR?',
      answer:
        'Yes. You can publish a dedicated IVR number, or forward calls from your existing number, including a VIP number bought from us.',
    },
    {
      question: 'Can I change the menu later?',
      answer:
        'Yes. Greetings, options and routing can be changed at any time; most changes take effect the same day.',
    },
  ],
  formIntro:
    'Tell us about your business and your calls. We will suggest a call flow and a plan, and set up a free demo.',
  messagePlaceholder:
    'For example: a clinic with 3 departments, about 150 calls a day, we want Hindi and English menus.',
};

export const smsSolutions: ProductContent = {
  topic: 'sms-solutions',
  path: '/products/sms-solutions',
  name: 'SMS Solutions',
  serviceType: 'Bulk SMS and SMS API',
  metaTitle: 'Bulk SMS and SMS API for Businesses',
  metaDescription:
    'Transactional, OTP and promotional SMS for Indian businesses: DLT registration help, sender IDs, templates, an SMS API, delivery reports and regional languages.',
  eyebrow: 'Business solutions',
  headline: 'SMS solutions that reach every phone in India',
  intro:
    'Send one-time passwords, order updates, reminders and offers under your own sender name, from a simple web panel or straight from your software through our API.',
  highlights: [
    'DLT registration guidance',
    'OTP delivery in seconds',
    'Hindi and regional languages',
  ],
  features: [
    {
      title: 'Transactional and OTP SMS',
      text: 'Order confirmations, delivery updates and one-time passwords on a priority route, around the clock.',
    },
    {
      title: 'Promotional campaigns',
      text: 'Offers and announcements to customers who have agreed to receive them, within the permitted hours.',
    },
    {
      title: 'DLT registration help',
      text: 'We guide you through registering your business, sender IDs (headers) and message templates on the operators’ DLT platform, as TRAI requires.',
    },
    {
      title: 'SMS API',
      text: 'Send from your website, app or billing software with a simple HTTP API and get delivery reports back.',
    },
    {
      title: 'Regional languages',
      text: 'Unicode messages in Hindi, Marathi, Tamil, Telugu, Bengali and other Indian languages.',
    },
    {
      title: 'Reports and scheduling',
      text: 'Schedule campaigns, upload contact lists and download delivery reports for every message.',
    },
  ],
  useCases: [
    {
      title: 'Online stores',
      text: 'OTPs at login and checkout, order and shipping updates, and cart reminders.',
    },
    {
      title: 'Clinics and labs',
      text: 'Appointment reminders and “your report is ready” messages.',
    },
    {
      title: 'Schools',
      text: 'Attendance alerts, fee reminders and holiday notices to parents.',
    },
    {
      title: 'Finance and services',
      text: 'Payment receipts, due-date reminders and account alerts.',
    },
  ],
  setup: [
    {
      title: 'Register on DLT',
      text: 'We help you register your business, sender ID and templates.',
    },
    {
      title: 'Get your account',
      text: 'Your panel login and API key, with test credits to try it.',
    },
    { title: 'Connect or upload', text: 'Plug in the API or upload a contact list in the panel.' },
    {
      title: 'Send and track',
      text: 'Send, schedule and follow delivery reports for every message.',
    },
  ],
  pricing: {
    intro: 'SMS is prepaid: you buy credits and pay only for the messages you send.',
    points: [
      'A per-message rate that falls as your volume grows.',
      'Separate rates for transactional/OTP and promotional routes.',
      'Credits that do not expire while your account is active.',
      'A free trial with test credits once your DLT registration is in place.',
    ],
  },
  faqs: [
    {
      question: 'What is DLT and do I need it?',
      answer:
        'DLT is the operators’ registry of businesses, sender IDs and message templates set up under TRAI’s rules. Every business that sends commercial SMS in India must register, and messages must match a registered template. We guide you through it.',
    },
    {
      question: 'How fast are OTPs delivered?',
      answer:
        'OTP and transactional messages go on a priority route and are usually delivered within a few seconds, at any time of day.',
    },
    {
      question: 'Can I send messages in Hindi?',
      answer:
        'Yes. Unicode messages are supported in Hindi and other Indian languages; a Unicode SMS holds fewer characters than an English one.',
    },
  ],
  formIntro:
    'Tell us what you want to send and roughly how many messages a month. We will suggest a route and a rate.',
  messagePlaceholder:
    'For example: OTPs and order updates for our online store, about 20,000 SMS a month, DLT not yet done.',
};

export const whatsapp: ProductContent = {
  topic: 'whatsapp',
  path: '/products/whatsapp',
  name: 'WhatsApp Business API',
  serviceType: 'WhatsApp Business Platform (API)',
  metaTitle: 'WhatsApp Business API for Businesses',
  metaDescription:
    'The official WhatsApp Business Platform for Indian businesses: template messages, chatbots, a shared team inbox, broadcasts to opted-in customers, integrations.',
  eyebrow: 'Business solutions',
  headline: 'WhatsApp Business API: talk to customers where they already are',
  intro:
    'Send order updates, answer questions with a chatbot and let your whole team reply from one shared inbox, all on your business number, on the official WhatsApp Business Platform.',
  highlights: [
    'Official WhatsApp Business Platform',
    'Shared inbox for your team',
    'Chatbots and integrations',
  ],
  features: [
    {
      title: 'Template messages',
      text: 'Order confirmations, delivery updates, reminders and OTPs with buttons, using templates approved by WhatsApp.',
    },
    {
      title: 'Chatbots',
      text: 'Answer common questions, share catalogues and collect details automatically, and hand over to a person when needed.',
    },
    {
      title: 'Shared team inbox',
      text: 'Several agents reply from one number, with assignment, notes and quick replies.',
    },
    {
      title: 'Broadcasts to opted-in customers',
      text: 'Send offers and announcements to customers who have chosen to hear from you, with delivery and read reports.',
    },
    {
      title: 'Verified business profile',
      text: 'Your name, logo, address and hours on your WhatsApp profile; we help you apply for verification where eligible.',
    },
    {
      title: 'Integrations',
      text: 'Connect your website, store, CRM or billing software through our API and webhooks.',
    },
  ],
  useCases: [
    {
      title: 'Retail and e-commerce',
      text: 'Order updates, abandoned-cart reminders and customer support in one chat.',
    },
    {
      title: 'Healthcare',
      text: 'Appointment booking, reminders and report sharing with patients.',
    },
    {
      title: 'Education',
      text: 'Admission enquiries handled by a chatbot, and updates to parents and students.',
    },
    {
      title: 'Travel and hospitality',
      text: 'Booking confirmations, tickets and itinerary changes sent instantly.',
    },
  ],
  setup: [
    {
      title: 'Choose your number',
      text: 'Use a new number or one you own, including a VIP number from us.',
    },
    { title: 'Verify your business', text: 'We help you complete the Meta business verification.' },
    { title: 'Set up templates', text: 'We draft your first message templates and chatbot flows.' },
    { title: 'Go live', text: 'Your team starts replying from the shared inbox.' },
  ],
  pricing: {
    intro:
      'You pay a monthly platform fee for the inbox, chatbot and API, and WhatsApp’s own charges for the messages you send.',
    points: [
      'A monthly platform plan by number of agents and features.',
      'WhatsApp’s charges for template messages, passed on at cost and shown in your reports.',
      'Replies within the customer service window, at the rates WhatsApp sets for them.',
      'Setup and chatbot building quoted once, based on your flows.',
    ],
  },
  faqs: [
    {
      question: 'Can I use my current number?',
      answer:
        'Yes, provided it is not active on the WhatsApp or WhatsApp Business app at the same time. We help you move it to the API, or you can use a new number, including a VIP number.',
    },
    {
      question: 'Can I message anyone on WhatsApp?',
      answer:
        'Only customers who have agreed to receive messages from you. Business-initiated messages must use templates approved by WhatsApp.',
    },
    {
      question: 'Do I need a developer?',
      answer:
        'No. The inbox and chatbot builder work in the browser. Our API is there if you want to connect your own software.',
    },
  ],
  formIntro:
    'Tell us how you talk to customers today. We will show you the platform in a free demo and suggest a plan.',
  messagePlaceholder:
    'For example: an online store with 2 support agents, we want order updates and a chatbot for FAQs.',
};
