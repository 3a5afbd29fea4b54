import { displayMobile } from '@store/domain';
import { Link } from 'react-router';

/** The number an enquiry is about, written as the store writes numbers, linked to the inventory. */
export function EnquiryNumberLink({ number }: { number: string }) {
  return (
    <Link to={`/admin/inventory?q=${number}`} className="text-blue-800 underline">
      {displayMobile(number)}
    </Link>
  );
}
