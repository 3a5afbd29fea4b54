/**
 * The video gallery: one entry a topic, each with the blog guide that covers it in writing.
 * `youtubeId` is the id of the store's own video on its YouTube channel (PUBLIC_YOUTUBE_URL), null
 * until that video is published: the gallery then shows the topic with its guide, never a player
 * that cannot play.
 */
export interface Video {
  readonly youtubeId: string | null;
  /** The slug of the blog article on the same topic. */
  readonly guideSlug: string;
  readonly title: string;
  readonly description: string;
  /** As shown on the poster, m:ss. */
  readonly duration: string;
}

export const videos: readonly Video[] = [
  {
    youtubeId: null,
    guideSlug: 'how-to-choose-a-vip-mobile-number',
    title: 'How to buy a VIP number in four steps',
    description:
      'Choosing a number, paying online, receiving the Unique Porting Code and visiting an operator store.',
    duration: '3:12',
  },
  {
    youtubeId: null,
    guideSlug: 'how-to-port-a-vip-number-with-a-upc',
    title: 'What is a UPC and how long is it valid?',
    description:
      'The eight-character Unique Porting Code explained: validity, what to do if it expires, and the regions with longer validity.',
    duration: '2:40',
  },
  {
    youtubeId: null,
    guideSlug: 'vip-number-patterns-explained',
    title: 'Mirror, semi mirror, ABC ABC: number patterns explained',
    description: 'A short tour of the most popular VIP number categories and what makes each rare.',
    duration: '4:05',
  },
  {
    youtubeId: null,
    guideSlug: 'mobile-number-numerology-sum-mid-and-total',
    title: 'Numerology: sum, mid and total of a mobile number',
    description: 'How the total of a number is worked out and how to search the store by total.',
    duration: '3:38',
  },
  {
    youtubeId: null,
    guideSlug: 'vip-numbers-for-business',
    title: 'VIP numbers for businesses: GST invoice and TDS',
    description:
      'Buying as a Corporate account: company name and GSTIN on the invoice, and how TDS shows in the cart.',
    duration: '2:57',
  },
  {
    youtubeId: null,
    guideSlug: 'how-to-port-a-vip-number-with-a-upc',
    title: 'At the operator store: porting with Aadhaar e-KYC',
    description:
      'What to carry, prepaid or postpaid, and how long activation takes on Jio, Airtel, Vi and BSNL.',
    duration: '3:21',
  },
];
