import { Link, useNavigate } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { PhraseSearch, searchFromListingParams } from '../catalog';

/** The search box of the lookup and of a number the store does not have. */
function LookupSearch() {
  const navigate = useNavigate();
  return (
    <PhraseSearch
      action="/premium-numbers"
      onSearch={(text) => {
        const digits = text?.replace(/[\s-]/g, '') ?? '';
        if (/^[6-9]\d{9}$/.test(digits)) {
          void navigate(`/numbers/${digits}`);
          return;
        }
        const search = searchFromListingParams({ text }).toString();
        void navigate(search ? `/premium-numbers?${search}` : '/premium-numbers');
      }}
      className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    />
  );
}

/**
 * /numbers: look a number up by its digits (its page opens) or search in plain words; and a
 * number the store never had (a 404 page), with the same box.
 */
export function NumberLookup({ missing }: { missing?: string }) {
  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow={missing ? 'Number not found' : 'Every number has its own page'}
        title={missing ? `We do not have ${missing}` : 'Look up a number'}
        intro={
          missing
            ? 'This number is not in our store. Search for one like it: type digits, a pattern, a total or a budget.'
            : 'Type all 10 digits to open a number’s page, or describe the number you want.'
        }
      />
      <LookupSearch />
      <p className="mt-8">
        <Link to="/premium-numbers" className="btn-primary px-5">
          Browse premium numbers
        </Link>
      </p>
    </Container>
  );
}
