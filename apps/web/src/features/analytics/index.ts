/**
 * Page views and e-commerce events (GA4), asked for with a consent bar, and campaign tracking;
 * checkout sends the saved campaign record.
 */
export { Analytics, NOT_FOUND_HANDLE, trackSale, type SaleItem } from './analytics';
export { CampaignTracking, getAttribution, type CampaignAttribution } from './campaign-tracking';
export { AnalyticsChoice } from './consent-choice';
