/**
 * The video gallery. Entries point at videos on the store's YouTube channel: replace the ids with
 * the store's own when the channel is set up (PUBLIC_YOUTUBE_URL links to it).
 */
export interface Video {
  readonly youtubeId: string;
  readonly title: string;
  readonly description: string;
  /** As shown on the poster, m:ss. */
  readonly duration: string;
}

export const videos: readonly Video[] = [
  {
    youtubeId: 'vipnum-howto1',
    title: 'How to buy a VIP number in four steps',
    description:
      'Choosing a number, paying online, receiving the Unique Porting Code and visiting an operator store.',
    duration: '3:12',
  },
  {
    youtubeId: 'vipnum-upc-02',
    title: 'What is a UPC and how long is it valid?',
    description:
      'The eight-character Unique Porting Code explained: validity, what to do if it expires, and the regions with longer validity.',
    duration: '2:40',
  },
  {
    youtubeId: 'vipnum-categ3',
    title: 'Mirror, semi mirror, ABC ABC: number patterns explained',
    description: 'A short tour of the most popular VIP number categories and what makes each rare.',
    duration: '4:05',
  },
  {
    youtubeId: 'vipnum-numer4',
    title: 'Numerology: sum, mid and total of a mobile number',
    description: 'How the total of a number is worked out and how to search the store by total.',
    duration: '3:38',
  },
  {
    youtubeId: 'vipnum-corp-5',
    title: 'VIP numbers for businesses: GST invoice and TDS',
    description:
      'Buying as a Corporate account: company name and GSTIN on the invoice, and how TDS shows in the cart.',
    duration: '2:57',
  },
  {
    youtubeId: 'vipnum-port-6',
    title: 'At the operator store: porting with Aadhaar e-KYC',
    description:
      'What to carry, prepaid or postpaid, and how long activation takes on Jio, Airtel, Vi and BSNL.',
    duration: '3:21',
  },
];
