import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { supportRequest } from '../support/accounts';
import { clickWhenHydrated, publicBase } from '../support/store-pages';

/** Content pages: home, enquiry forms, blog, video gallery, FAQ, policies, WhatsApp button. */

const THANK_YOU = 'Thank you! We will get back to you shortly.';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
}

async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data.messages as OutboxMessage[];
}

interface StoredEnquiry {
  id: string;
  reference: string;
  name: string;
  mobile: string;
  email: string;
  topic: string;
  message: string;
  status: string;
  pagePath: string | null;
}

/** The enquiry sent from `email`, read back from the support inbox (GET /admin/enquiries). */
async function storedEnquiry(
  inbox: APIRequestContext,
  email: string,
  topic: string,
): Promise<StoredEnquiry> {
  let found: StoredEnquiry | undefined;
  await expect
    .poll(
      async () => {
        const response = await inbox.get(`/api/v1/admin/enquiries?topic=${topic}&pageSize=100`);
        expect(response.status()).toBe(200);
        const enquiries = (await response.json()).data.enquiries as StoredEnquiry[];
        found = enquiries.find((enquiry) => enquiry.email === email);
        return found !== undefined;
      },
      { message: `the enquiry from ${email} in the support inbox` },
    )
    .toBe(true);
  return found!;
}

async function fillEnquiry(page: Page, email: string, message: string) {
  const form = page.getByTestId('enquiry-form');
  await form.getByLabel('Full name').fill('Kavita Deshmukh');
  await form.getByLabel('Mobile number').fill('98220 12345');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel(/Your message|Your experience|What do you need/).fill(message);
  return form;
}

test.describe('enquiry forms', () => {
  // The demo support account's session, to read the enquiry inbox.
  let inbox: APIRequestContext | undefined;
  async function supportInbox(baseURL: string | undefined) {
    inbox ??= await supportRequest(baseURL);
    return inbox;
  }
  test.afterAll(async () => {
    await inbox?.dispose();
  });

  test('the contact form sends an enquiry that is stored and acknowledged', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('contact');
    const message = 'Looking for a mirror number with total 5.';
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^\+91 \d{5} \d{5}$/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);

    const form = await fillEnquiry(page, email, message);
    await form.getByLabel('Topic').selectOption('vip-number');
    await form.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(page.getByRole('status').filter({ hasText: THANK_YOU }).first()).toBeVisible();
    await expect(form.getByLabel('Full name')).toHaveValue('');

    // Stored: the support inbox has it, as sent.
    const support = await supportInbox(baseURL);
    const stored = await storedEnquiry(support, email, 'vip-number');
    expect(stored).toMatchObject({
      name: 'Kavita Deshmukh',
      mobile: '9822012345',
      email,
      topic: 'vip-number',
      message,
      status: 'new',
      pagePath: '/contact-us',
    });

    // The page gives the reference the team finds it by.
    await expect(
      form.getByRole('status').filter({ hasText: `Your reference: ${stored.reference}.` }),
    ).toBeVisible();

    // Acknowledged by e-mail, with the stored enquiry's reference, and without the
    // message (the address is not verified: the form must not relay text to it).
    await expect.poll(async () => (await outbox(request, email)).length).toBe(1);
    const [mail] = await outbox(request, email);
    expect(mail).toMatchObject({ channel: 'email', to: email });
    expect(mail!.subject).toContain('We have received your enquiry');
    // Sent to an address nobody proved: greets no one by name (decision 0057).
    expect(mail!.text).toMatch(/^Hello,\n/);
    expect(mail!.text).not.toContain('Kavita');
    expect(mail!.text).toContain('a VIP number');
    expect(mail!.text).toContain(`Reference: ${stored.reference}`);
    expect(mail!.text).not.toContain(message);
  });

  test('invalid input is explained and nothing is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/enquiries')) posted = true;
    });
    await page.goto('/contact-us');
    const form = page.getByTestId('enquiry-form');
    await form.getByLabel('Mobile number').fill('12345');
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(form.getByText('Enter a valid 10-digit Indian mobile number.')).toBeVisible();
    await expect(form.getByText('Enter your name (at least 2 characters).')).toBeVisible();
    await expect(form.getByLabel('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  test('a product page sends an enquiry about that product', async ({ page, request }) => {
    const email = uniqueEmail('ivr');
    await page.goto('/products/smart-ivr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Smart IVR');
    for (const section of ['What Smart IVR does', 'Who it is for', 'How pricing works']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const form = await fillEnquiry(page, email, 'A clinic with three departments, Hindi menus.');
    await expect(form.getByLabel('Topic')).toHaveCount(0);
    await form.getByRole('button', { name: 'Request a demo' }).click();
    await expect(page.getByRole('status').filter({ hasText: THANK_YOU }).first()).toBeVisible();
    await expect.poll(async () => (await outbox(request, email)).length).toBe(1);
    expect((await outbox(request, email))[0]!.text).toContain('Smart IVR');
  });

  test('the career page lists openings and takes an application', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('career');
    const experience = 'Two years in telecom retail in Nagpur; Hindi, Marathi, English.';
    await page.goto('/career');
    const openings = page.getByRole('heading', { level: 3 });
    expect(await openings.count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: /Apply for Porting Support Associate/ }).click();
    const form = page.getByTestId('enquiry-form');
    await expect(form.getByLabel('Position')).toHaveValue('Porting Support Associate');
    await fillEnquiry(page, email, experience);
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByRole('status').filter({ hasText: THANK_YOU }).first()).toBeVisible();

    // The support inbox has the application with the position chosen.
    const support = await supportInbox(baseURL);
    const stored = await storedEnquiry(support, email, 'career');
    expect(stored).toMatchObject({
      name: 'Kavita Deshmukh',
      topic: 'career',
      message: `Position: Porting Support Associate\n\n${experience}`,
      pagePath: '/career',
    });

    await expect.poll(async () => (await outbox(request, email)).length).toBe(1);
    const [mail] = await outbox(request, email);
    expect(mail!.subject).toContain('We have received your application');
    expect(mail!.text).toContain(`Reference: ${stored.reference}`);
    expect(mail!.text).not.toContain('Nagpur');
  });
});

test.describe('home page', () => {
  test('sells: search, categories, offers, how it works, testimonials, FAQ, products', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const heading of [
      'Popular categories',
      'VIP numbers on offer',
      'From choosing to calling in four steps',
      'What buyers say',
      'Frequently asked questions',
      'Business messaging solutions',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const step of [
      'Choose your number',
      'Pay securely online',
      'Receive your UPC',
      'Port it in your name',
    ]) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.getByTestId('number-card').first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: /Smart IVR/ }).filter({ hasText: 'Learn more' }),
    ).toHaveAttribute('href', '/products/smart-ivr');
  });

  test('the hero search opens the listing with the digits in the address', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search numbers' });
    await search.getByLabel('Digits you want').fill('786');
    await search.getByLabel('Where').selectOption('end');
    await search.getByLabel('Total').selectOption('9');
    await search.getByRole('button', { name: 'Search numbers' }).click();
    await expect(page).toHaveURL(/\/premium-numbers\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('786');
    expect(url.searchParams.get('match')).toBe('end');
    expect(url.searchParams.get('total')).toBe('9');
  });
});

test.describe('blog', () => {
  test('lists the articles and opens one without reloading the page', async ({ page }) => {
    await page.goto('/blogs');
    const articles = page.getByRole('main').getByRole('heading', { level: 2 });
    expect(await articles.count()).toBeGreaterThanOrEqual(6);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const link = page.getByRole('link', { name: /How to Port Your VIP Number with a UPC/ });
    await clickWhenHydrated(link);
    await expect(page).toHaveURL(/\/blogs\/how-to-port-a-vip-number-with-a-upc$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'How to Port Your VIP Number with a UPC, Step by Step',
    );
    await expect(page.getByRole('article')).toContainText('8-character code');
    await expect(page.getByRole('article')).toContainText('Aadhaar');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
    await expect(page).toHaveTitle(/How to Port Your VIP Number/);
  });

  test('an unknown article replaces itself with /premium-numbers', async ({ page }) => {
    await page.goto('/blogs');
    // Answered 404 (no soft 404: decision 0088), and still moved on in the browser.
    const unknown = await page.goto('/blogs/no-such-article');
    expect(unknown?.status()).toBe(404);
    await expect(page).toHaveURL(/\/premium-numbers$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/blogs$/);
  });
});

test.describe('other content pages', () => {
  test("the video gallery loads nothing from YouTube and leads to each topic's guide", async ({
    page,
  }) => {
    const youtube: string[] = [];
    page.on('request', (request) => {
      if (/youtube/.test(request.url())) youtube.push(request.url());
    });
    await page.goto('/video-gallery');
    const guides = page.getByRole('link', { name: /^Read the guide ?: / });
    expect(await guides.count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('iframe')).toHaveCount(0);
    // Each video has a play button when published, or says it is coming: never a dead player.
    const plays = await page.getByTestId('video-play').count();
    const coming = await page.getByText('Video coming soon').count();
    expect(plays + coming).toBe(await guides.count());
    expect(youtube).toEqual([]);
    await page.getByRole('link', { name: /^Read the guide ?: What is a UPC/ }).click();
    await expect(page).toHaveURL(/\/blogs\/how-to-port-a-vip-number-with-a-upc$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the FAQ answers porting questions', async ({ page }) => {
    await page.goto("/faq's");
    const question = page.getByText('What is a UPC and how long is it valid?');
    await question.click();
    await expect(page.getByText(/valid for 4 days, or 30 days in Jammu & Kashmir/)).toBeVisible();
  });

  for (const [path, heading, text] of [
    ['/refund-policy', 'Refund Policy', 'full refund'],
    ['/privacy-policy', 'Privacy Policy', '90 days'],
    ['/terms-and-conditions', 'Terms and Conditions', 'Unique Porting Code'],
    ['/why-us', 'Why Us?', 'Every number is sold once'],
    ['/testimonial', 'Testimonials', 'out of 5'],
  ] as const) {
    test(`${path} has its text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toContainText(text);
    });
  }

  test('the WhatsApp button names the page it is on', async ({ page }) => {
    await page.goto('/products/sms-solutions');
    const button = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expect
      .poll(async () => new URL((await button.getAttribute('href')) ?? '').searchParams.get('text'))
      .toContain('I am on the page: Bulk SMS and SMS API for Businesses');
  });

  test("the WhatsApp button quotes the page's canonical address, served and hydrated", async ({
    browser,
  }) => {
    const blog = '/blogs/how-to-port-a-vip-number-with-a-upc';
    const category = '/premium-numbers?category=mirror-numbers';
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      for (const [path, address] of [
        [blog, blog],
        [`${category}&utm_source=ads`, category],
      ] as const) {
        await page.goto(path);
        const button = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
        const text = async () =>
          new URL((await button.getAttribute('href')) ?? '').searchParams.get('text');
        // Served: the public address; in the browser, the address the page was opened at.
        const origin = javaScriptEnabled ? new URL(page.url()).origin : publicBase;
        await expect.poll(text, path).toContain(`(${origin}${address})`);
      }
      await context.close();
    }
  });
});
