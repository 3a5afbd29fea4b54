import type { Config } from '../config/config';
import type { OutgoingMessage } from './message';
import { storeContactLine, type ContactConfig } from './store-contact';

export type EmailHtmlConfig = Pick<Config, 'STORE_NAME'> & ContactConfig;

type HtmlSource = Pick<OutgoingMessage, 'subject' | 'text' | 'otp'>;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]!);

/**
 * An http(s) address as the texts write them, or a UPI payment link (the pay e-mail's one-tap
 * link: a phone's mail app hands it to a UPI app), up to a space; see linkEnd for its last
 * character.
 */
const LINK = /(?:https?:\/\/|upi:\/\/pay\?)[^\s<>"]+/g;

/** Punctuation that closes the sentence around a link rather than the link: `…/orders/1).` */
const linkEnd = (link: string) => link.replace(/[.,;:!?)'"]+$/, '');

const COLOUR = { text: '#1f2937', quiet: '#4b5563', brand: '#1d4ed8', rule: '#e5e7eb' };

/** The one-time code as the sign-in e-mail shows it: large and spaced, to read and type. */
const codeStyle = 'font-size:1.4em;letter-spacing:0.15em';

/** A piece of text without links: escaped, its one-time code (if any) emphasised. */
function plainHtml(text: string, otp: string | undefined): string {
  const escaped = escapeHtml(text);
  return otp ? escaped.split(otp).join(`<strong style="${codeStyle}">${otp}</strong>`) : escaped;
}

/** One line of text: escaped, each http(s) address in it an anchor to that address as written. */
function lineHtml(line: string, otp: string | undefined): string {
  let html = '';
  let from = 0;
  for (const match of line.matchAll(LINK)) {
    const link = linkEnd(match[0]);
    html += plainHtml(line.slice(from, match.index), otp);
    html += `<a href="${escapeHtml(link)}" style="color:${COLOUR.brand}">${escapeHtml(link)}</a>`;
    from = match.index + link.length;
  }
  return html + plainHtml(line.slice(from), otp);
}

/**
 * How a text lays out its lines: an indented line (a number and its price, an address) belongs
 * to the line above it, `1. ` steps are a numbered list, `- ` lines a list, and two or more
 * `Label: value` lines together (an amount breakdown) a table; anything else is a paragraph.
 */
type Kind = 'text' | 'indented' | 'numbered' | 'bulleted' | 'pair';

const PAIR = /^([^\s:][^:]{0,39}): (\S.*)$/;

function kindOf(line: string): Kind {
  if (/^\s+\S/.test(line)) return 'indented';
  if (/^\d+\. /.test(line)) return 'numbered';
  if (/^[-•] /.test(line)) return 'bulleted';
  const pair = PAIR.exec(line);
  return pair && !/https?:\/\//.test(pair[1]!) ? 'pair' : 'text';
}

interface Block {
  kind: Kind;
  lines: string[];
}

/** The text's lines in blocks of one kind; a blank line ends a block. */
function blocksOf(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let open: Block | undefined;
  for (const line of lines) {
    if (line.trim() === '') {
      open = undefined;
      continue;
    }
    const kind = kindOf(line);
    if (open?.kind === kind) {
      open.lines.push(line);
      continue;
    }
    open = { kind, lines: [line] };
    blocks.push(open);
  }
  // A lone "Label: value" line reads as a sentence ("Your order page: …"), not a table.
  return blocks.map((block) =>
    block.kind === 'pair' && block.lines.length === 1 ? { ...block, kind: 'text' } : block,
  );
}

const gap = 'margin:0 0 16px';

function blockHtml({ kind, lines }: Block, otp: string | undefined): string {
  const line = (text: string) => lineHtml(text.trim(), otp);
  switch (kind) {
    case 'text':
      return `<p style="${gap}">${lines.map(line).join('<br>')}</p>`;
    case 'indented':
      return `<p style="${gap};padding-left:16px;white-space:pre-wrap">${lines.map(line).join('<br>')}</p>`;
    case 'numbered': {
      const start = Number(/^\d+/.exec(lines[0]!)![0]);
      const items = lines.map((text) => `<li>${line(text.replace(/^\d+\. /, ''))}</li>`);
      return `<ol start="${start}" style="${gap};padding-left:24px">${items.join('')}</ol>`;
    }
    case 'bulleted': {
      const items = lines.map((text) => `<li>${line(text.replace(/^[-•] /, ''))}</li>`);
      return `<ul style="${gap};padding-left:24px">${items.join('')}</ul>`;
    }
    case 'pair': {
      const rows = lines.map((text) => {
        const [, label, value] = PAIR.exec(text)!;
        return `<tr><td style="padding:2px 16px 2px 0;color:${COLOUR.quiet};vertical-align:top">${line(label!)}:</td><td style="padding:2px 0;vertical-align:top">${line(value!)}</td></tr>`;
      });
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="${gap};border-collapse:collapse;font-size:16px">${rows.join('')}</table>`;
    }
  }
}

/**
 * An e-mail's text as a plain, branded HTML body (decision 0108): the store's name at the top,
 * the text's lines laid out as blocksOf says, every http(s) address an anchor, everything else
 * escaped and in the text's own words; the footer the store's contact line, which the text's
 * own copy of it moves to. One column of at most 600 px with inline styles only, no images and
 * no scripts; its title the subject.
 */
function emailHtml(message: HtmlSource, config: EmailHtmlConfig): string {
  const contact = storeContactLine(config);
  const body = blocksOf(message.text.split(/\r?\n/).filter((line) => line.trim() !== contact))
    .map((block) => blockHtml(block, message.otp))
    .join('\n');
  const title = escapeHtml(message.subject ?? config.STORE_NAME);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;color:${COLOUR.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;overflow-wrap:anywhere;word-break:break-word">
<p style="margin:0 0 24px;padding-bottom:12px;border-bottom:3px solid ${COLOUR.brand};color:${COLOUR.brand};font-size:20px;font-weight:bold">${escapeHtml(config.STORE_NAME)}</p>
${body}
<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid ${COLOUR.rule};color:${COLOUR.quiet};font-size:14px">${escapeHtml(contact)}</p>
</div>
</body>
</html>
`;
}

/** The message as it is sent: an e-mail without an HTML part of its own gets emailHtml's. */
export function withEmailHtml(message: OutgoingMessage, config: EmailHtmlConfig): OutgoingMessage {
  return message.channel === 'email' && !message.html
    ? { ...message, html: emailHtml(message, config) }
    : message;
}
