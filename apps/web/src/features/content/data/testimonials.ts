export interface Testimonial {
  readonly name: string;
  readonly city: string;
  /** What the customer bought, as shown under the name. */
  readonly bought: string;
  readonly quote: string;
  /** Stars out of 5. */
  readonly rating: number;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Rohit Deshmukh',
    city: 'Pune',
    bought: 'Mirror number',
    quote:
      'I paid in the morning and had the UPC on SMS and e-mail the same evening. The support team told me exactly what to carry to the Jio store, and the number was active on the fourth day.',
    rating: 5,
  },
  {
    name: 'Priya Nair',
    city: 'Bengaluru',
    bought: 'Corporate order, three numbers',
    quote:
      'We needed matching numbers for our sales team. The GST invoice carried our GSTIN, the TDS line was already on the cart, and all three numbers ported to Airtel without a hitch.',
    rating: 5,
  },
  {
    name: 'Imran Shaikh',
    city: 'Mumbai',
    bought: '786 number',
    quote:
      'I had been looking for a 786 number for years. The search by digits found it in a minute, and the price on the page was the price I paid, GST shown separately.',
    rating: 5,
  },
  {
    name: 'Harpreet Kaur',
    city: 'Ludhiana',
    bought: 'Without 248 number',
    quote:
      'Our family avoids 2, 4 and 8, and the Without 248 category made choosing easy. My first UPC expired because I travelled; they sent a new one free the next day.',
    rating: 4,
  },
  {
    name: 'Ankit Agarwal',
    city: 'Jaipur',
    bought: 'Numerology total 5',
    quote:
      'I searched by total and found several numbers adding up to 5 in my budget. The whole process took under a week from payment to a working SIM.',
    rating: 5,
  },
  {
    name: 'Sneha Reddy',
    city: 'Hyderabad',
    bought: 'Ending AB AB number',
    quote:
      'Clear answers on WhatsApp at every step, even on a Sunday. The number ported to Vi in three working days and my clients remember it after one call.',
    rating: 4,
  },
];
