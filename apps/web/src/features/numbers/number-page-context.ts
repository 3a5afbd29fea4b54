import { createContext } from 'react-router';
import type { NumberDetail } from './api/get-number';

/**
 * What the server hands a number's page when it renders it on request (the API's
 * plugins/number-pages.ts, through the entry.server export): the number as
 * GET /numbers/by-number/{digits} answers it, or null when the store never had it.
 */
export interface NumberPageData {
  digits: string;
  number: NumberDetail | null;
}

export const numberPageContext = createContext<NumberPageData | null>(null);
