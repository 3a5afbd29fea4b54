import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blogArticlesDir, readBlogPostMetas } from '../../../prerender-paths';
import { parseArticle, parseFrontMatter } from './front-matter';

const article = `---
title: "Porting: a guide"
description: How porting works.
date: 2026-01-02
slug: porting-guide
---

## Step one

Text.
`;

describe('parseFrontMatter', () => {
  it('splits front matter from the body and unquotes values', () => {
    const { data, body } = parseFrontMatter(article);
    expect(data).toEqual({
      title: 'Porting: a guide',
      description: 'How porting works.',
      date: '2026-01-02',
      slug: 'porting-guide',
    });
    expect(body.trim()).toBe('## Step one\n\nText.');
    expect(parseFrontMatter('no front matter')).toEqual({ data: {}, body: 'no front matter' });
  });
});

describe('parseArticle', () => {
  it('takes the slug from the file name and checks the fields', () => {
    expect(parseArticle('./articles/porting-guide.md', article).meta).toEqual({
      slug: 'porting-guide',
      title: 'Porting: a guide',
      description: 'How porting works.',
      date: '2026-01-02',
      updated: '2026-01-02',
    });
    expect(() => parseArticle('other-name.md', article)).toThrow(/slug must be "other-name"/);
    expect(() =>
      parseArticle('porting-guide.md', article.replace('date: 2026-01-02', 'date: soon')),
    ).toThrow(/date/);
    expect(() => parseArticle('Bad Name.md', article)).toThrow(/file name/);
    expect(() =>
      parseArticle('porting-guide.md', article.replace('title: "Porting: a guide"\n', '')),
    ).toThrow(/title/);
  });
});

describe('the articles in the repository', () => {
  const files = readdirSync(blogArticlesDir).filter((name) => name.endsWith('.md'));

  it('are at least six, each with complete front matter and a real text', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const name of files) {
      const { meta, body } = parseArticle(name, readFileSync(`${blogArticlesDir}/${name}`, 'utf8'));
      const words = body.split(/\s+/).filter(Boolean).length;
      expect(words, name).toBeGreaterThanOrEqual(300);
      expect(meta.description.length, name).toBeLessThanOrEqual(200);
    }
  });

  it('state the porting facts correctly where they mention them', () => {
    const text = files.map((name) => readFileSync(`${blogArticlesDir}/${name}`, 'utf8')).join('\n');
    expect(text).toContain('8-character');
    expect(text).toMatch(/valid for \*\*4 days\*\*/);
    expect(text).toMatch(/\*\*30 days\*\* in Jammu & Kashmir, Assam and the North-East/);
    expect(text).toMatch(/3 to 5 working days/);
    expect(text).toMatch(/Up to 15 days\*\* in Jammu & Kashmir and the North-East/i);
  });

  it('are listed newest first', () => {
    const dates = readBlogPostMetas().map((meta) => meta.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
