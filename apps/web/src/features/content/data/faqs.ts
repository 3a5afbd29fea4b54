import type { FaqItem } from '../../seo';

export interface FaqGroup {
  readonly title: string;
  readonly items: readonly FaqItem[];
}

export const faqGroups: readonly FaqGroup[] = [
  {
    title: 'Buying a number',
    items: [
      {
        question: 'Is every number on the site really available?',
        answer:
          'Yes. Listings show only numbers that are free to buy at that moment. When you check out, the numbers in your cart are held for you for 15 minutes while you pay, and nobody else can buy them in that time. Each number is sold once.',
      },
      {
        question: 'Can I search for a number with my own digits?',
        answer:
          'Yes. Search digits anywhere in the number, at the start or at the end, list digits the number must or must not contain, or use a mask such as 98??54???? where ? stands for any digit. You can also filter by numerology total, price and category.',
      },
      {
        question: 'Which operators do the numbers work with?',
        answer:
          'All of them. You port the number into Jio, Airtel, Vi or BSNL at a store of your choice, prepaid or postpaid, in your own name.',
      },
      {
        question: 'Do I need an account to buy?',
        answer:
          'You can browse and fill a cart as a guest. To check out you sign up or sign in with a one-time password sent to your mobile and e-mail, so that the number, the invoice and the porting code reach the right person.',
      },
    ],
  },
  {
    title: 'Price, GST and payment',
    items: [
      {
        question: 'Is GST included in the price?',
        answer:
          "The price on a number is before tax. GST of 18% is added at checkout: CGST 9% and SGST 9% when the place of supply (your billing state, or your company's GSTIN state) is our own state, IGST 18% when it is another state. The cart shows it line by line, and you receive a GST invoice as soon as your payment is confirmed.",
      },
      {
        question: 'Can my company deduct TDS?',
        answer:
          'Yes. A Corporate account with a GSTIN can choose the applicable TDS rate on its cart, and the deduction is shown on the order and the invoice.',
      },
      {
        question: 'How do I pay?',
        answer:
          'Online by UPI, card or net banking, or by bank transfer with the order reference. There is no cash on delivery, because what we deliver is a porting code, not a SIM.',
      },
      {
        question: 'What if the price changes while the number is in my cart?',
        answer:
          'Your cart is checked before checkout. If a price has changed or a number has been sold, you are told before you pay, and you only pay the current price.',
      },
    ],
  },
  {
    title: 'Porting and activation',
    items: [
      {
        question: 'What happens after I pay?',
        answer:
          'Within 24 hours we send the Unique Porting Code (UPC) and the GST invoice by SMS, e-mail and WhatsApp. You take the UPC and your original Aadhaar card to any operator store for biometric e-KYC, and the number is ported in your name.',
      },
      {
        question: 'How long does activation take?',
        answer:
          'Usually 3 to 5 working days after your store visit. In Jammu & Kashmir and the North-East it can take up to 15 days.',
      },
      {
        question: 'What is a UPC and how long is it valid?',
        answer:
          'The Unique Porting Code is the 8-character code an operator store needs to port the number to you. It is valid for 4 days, or 30 days in Jammu & Kashmir, Assam and the North-East. If it expires before you reach a store, we send a new one free of charge.',
      },
      {
        question: 'Can I follow the progress of my order?',
        answer:
          'Yes. Your order page shows every step, from payment and the UPC to porting and activation, with the date of each, and you get an SMS and an e-mail at every step.',
      },
    ],
  },
  {
    title: 'Refunds and safety',
    items: [
      {
        question: 'What if porting fails?',
        answer:
          'If the number cannot be ported to you, you get a full refund to the account you paid from, usually within 7 working days.',
      },
      {
        question: 'Can I cancel after paying?',
        answer:
          'Yes, as long as the UPC has not been sent: you get a full refund. Once the UPC has been issued the number is reserved in your name and the sale is final, except when porting fails.',
      },
      {
        question: 'Is it safe to buy a VIP number online?',
        answer:
          'We never ask for your Aadhaar or OTPs from your bank. The number is ported in your own name with e-KYC at the operator store, and you pay only through the payment page or to the bank details on your order.',
      },
    ],
  },
];

export const allFaqs: readonly FaqItem[] = faqGroups.flatMap((group) => group.items);

/** The questions the home page answers, chosen from the full list. */
export const homeFaqs: readonly FaqItem[] = [
  faqGroups[0]!.items[0]!,
  faqGroups[1]!.items[0]!,
  faqGroups[2]!.items[0]!,
  faqGroups[2]!.items[1]!,
  faqGroups[3]!.items[0]!,
];
