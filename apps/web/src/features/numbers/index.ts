/** A number's own page, as entry.server.tsx sees it: what the server hands it. */
export { numberPageContext } from './number-page-context';
