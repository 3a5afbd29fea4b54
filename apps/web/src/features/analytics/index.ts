/** Page views (GA4) and campaign tracking; checkout sends the saved campaign record. */
export { Analytics } from './analytics';
export { CampaignTracking, getAttribution, type CampaignAttribution } from './campaign-tracking';
