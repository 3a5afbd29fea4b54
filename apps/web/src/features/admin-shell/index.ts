/** What the console's areas share: the page frame of an area. */
export { ConsolePage } from './console-page';
