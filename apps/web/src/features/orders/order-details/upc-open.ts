/**
 * A number whose UPC went out and was not used to port it: the buyer still holds a code that
 * works, so a cancel or a refund of the number says it is cancelled (decisions 0049, 0067).
 */
export const upcOpen = (item: { porting: { upcCode: string | null; status: string } }) =>
  Boolean(item.porting.upcCode) && item.porting.status !== 'ported';
