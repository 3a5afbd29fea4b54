import type { Enquiry } from './api/get-enquiries';

/** How the console names an enquiry's status: open (new or in progress) or answered. */
export const statusLabels: Record<Enquiry['status'], string> = {
  new: 'Open: new',
  in_progress: 'Open: in progress',
  closed: 'Answered',
};
