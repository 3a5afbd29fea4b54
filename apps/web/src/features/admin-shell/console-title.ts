import { useEffect } from 'react';
import type { MetaDescriptor } from 'react-router';

/** "Orders · Console": a console page's document title ("Console" for none). */
function consoleTitle(title?: string): string {
  return title ? `${title} · Console` : 'Console';
}

/**
 * The `meta` of a console route: its title (each page its own, for history, tabs and screen
 * readers) and no indexing.
 */
export function consoleMeta(title?: string): MetaDescriptor[] {
  return [{ title: consoleTitle(title) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * A title that needs the page's data ("Order VN-…"), set once it is known over the route's
 * `meta` title; the meta's title comes back when the page leaves, unless the next page has
 * set its own.
 */
export function useConsoleTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    const own = consoleTitle(title);
    document.title = own;
    return () => {
      if (document.title === own) document.title = before;
    };
  }, [title]);
}
