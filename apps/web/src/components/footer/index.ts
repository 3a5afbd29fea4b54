export { Footer, useCurrentYear } from './footer';
