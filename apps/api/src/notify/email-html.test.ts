import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test-support/test-app';
import { withEmailHtml } from './email-html';
import type { OutgoingMessage } from './message';
import { storeContactLine } from './store-contact';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const config = testConfig({ STORE_NAME: 'Shop & Co <VIP>' });

const email = (text: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  channel: 'email',
  to: 'asha@example.com',
  subject: 'Payment received: order VN-20261201-ABCD2345',
  text,
  ...extra,
});

/** The e-mail's HTML part, parsed as a browser would. */
function htmlOf(message: OutgoingMessage) {
  const html = withEmailHtml(message, config).html;
  if (html === undefined) throw new Error('no html');
  return { html, document: parse(html) };
}

function elements(node: Node, tag: string, found: Element[] = []): Element[] {
  if ('tagName' in node && node.tagName === tag) found.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, tag, found);
  if ('content' in node) elements(node.content, tag, found);
  return found;
}

/** What a reader sees of a node: its text, markup decoded, a line break a newline. */
function textOf(node: Node): string {
  if (node.nodeName === 'br') return '\n';
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

const attribute = (element: Element, name: string) =>
  element.attrs.find((a) => a.name === name)?.value;

const anchors = (document: Node) =>
  elements(document, 'a').map((a) => ({ href: attribute(a, 'href'), text: textOf(a) }));

describe("an e-mail's HTML part", () => {
  it("shows a buyer's name with < > & ' and Hindi as typed, never as markup", () => {
    const { html, document } = htmlOf(
      email(`Dear O'Brien <b>& "Co" नमस्ते आशा,\n\nYour order is paid.`),
    );
    const [body] = elements(document, 'body');
    expect(textOf(body!)).toContain(`Dear O'Brien <b>& "Co" नमस्ते आशा,`);
    expect(elements(document, 'b')).toEqual([]);
    expect(html).toContain('O&#39;Brien &lt;b&gt;&amp; &quot;Co&quot; नमस्ते आशा');
    // The store's name, from the settings, is escaped too.
    expect(textOf(elements(document, 'p')[0]!)).toBe('Shop & Co <VIP>');
  });

  it('makes each http(s) address and UPI payment link an anchor to itself, and nothing else', () => {
    const text = [
      'Your order page: https://shop.example.in/orders/5f0c?retry=1&x=2.',
      'Pay in one tap (upi://pay?pa=store@upi&am=1000) or see http://shop.example.in/help.',
      'Write to help@store.test or visit www.example.in; the order page (https://shop.example.in/orders).',
    ].join('\n');
    const { document } = htmlOf(email(text));
    expect(anchors(document)).toEqual([
      {
        href: 'https://shop.example.in/orders/5f0c?retry=1&x=2',
        text: 'https://shop.example.in/orders/5f0c?retry=1&x=2',
      },
      { href: 'upi://pay?pa=store@upi&am=1000', text: 'upi://pay?pa=store@upi&am=1000' },
      { href: 'http://shop.example.in/help', text: 'http://shop.example.in/help' },
      { href: 'https://shop.example.in/orders', text: 'https://shop.example.in/orders' },
    ]);
    // The sentence's punctuation stays in the sentence.
    expect(textOf(document)).toContain('the order page (https://shop.example.in/orders).');
  });

  it('keeps paragraphs, numbered steps, indented lines and amount lines readable', () => {
    const text = [
      'Dear Asha,',
      '',
      'These numbers are now yours:',
      '  98765 98765  ₹50,000',
      '  97860 12345  ₹1,20,000',
      '',
      'Subtotal: ₹1,70,000',
      'CGST (9%): ₹15,300',
      'Total paid: ₹2,00,600',
      '',
      'What happens next:',
      '1. We send your UPC.',
      '2. You take it to the operator.',
    ].join('\n');
    const { document } = htmlOf(email(text));
    const paragraphs = elements(document, 'p').map(textOf);
    expect(paragraphs).toContain('Dear Asha,');
    expect(paragraphs).toContain('These numbers are now yours:');
    expect(paragraphs).toContain('98765 98765  ₹50,000\n97860 12345  ₹1,20,000');
    const rows = elements(document, 'tr').map((row) => elements(row, 'td').map(textOf));
    expect(rows).toEqual([
      ['Subtotal:', '₹1,70,000'],
      ['CGST (9%):', '₹15,300'],
      ['Total paid:', '₹2,00,600'],
    ]);
    const [steps] = elements(document, 'ol');
    expect(attribute(steps!, 'start')).toBe('1');
    expect(elements(steps!, 'li').map(textOf)).toEqual([
      'We send your UPC.',
      'You take it to the operator.',
    ]);
  });

  it('keeps a lone "Label: value" line a sentence', () => {
    const { document } = htmlOf(email('Each number is sold once: the first buyer gets it.'));
    expect(elements(document, 'table')).toEqual([]);
    expect(elements(document, 'p').map(textOf)).toContain(
      'Each number is sold once: the first buyer gets it.',
    );
  });

  it('is a whole page titled with the subject, in one column, with no script or image', () => {
    const { html, document } = htmlOf(email('Paid.', { subject: 'Order <VN-1> & more' }));
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(attribute(elements(document, 'html')[0]!, 'lang')).toBe('en');
    expect(elements(document, 'title').map(textOf)).toEqual(['Order <VN-1> & more']);
    expect(html).toContain('max-width:600px');
    for (const tag of ['script', 'img', 'link', 'style', 'iframe']) {
      expect(elements(document, tag)).toEqual([]);
    }
  });

  it("ends with the store's contact line once, the text's own copy moved there", () => {
    const contact = storeContactLine(config);
    const { document } = htmlOf(email(['Paid.', '', contact, '', 'Thank you,'].join('\n')));
    const paragraphs = elements(document, 'p').map(textOf);
    expect(paragraphs.filter((p) => p === contact)).toHaveLength(1);
    expect(paragraphs.at(-1)).toBe(contact);
    expect(paragraphs).toContain('Thank you,');
  });

  it('shows a one-time code large, and leaves an e-mail with HTML of its own and an SMS alone', () => {
    const { document } = htmlOf(
      email('Your verification code is 482913.', { otp: '482913', subject: 'Your code' }),
    );
    expect(elements(document, 'strong').map(textOf)).toEqual(['482913']);
    const own = email('Plain', { html: '<p>Own</p>' });
    expect(withEmailHtml(own, config)).toBe(own);
    const sms: OutgoingMessage = { channel: 'sms', to: '9876543210', text: 'Paid.' };
    expect(withEmailHtml(sms, config)).toBe(sms);
  });
});
