import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { birthTotals, type BirthNumbers, type BirthTotals } from '@store/domain';
import { Container, PageHeader } from '../../components/page';
import { useHydrated } from '../../lib/use-hydrated';
import { seo } from '../seo';
import type { Route } from './+types/numerology-page';
import { BirthDateForm } from './birth-date-form';
import { BirthMatches } from './birth-matches';
import { BirthNumbersView } from './birth-numbers-view';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Numerology by Date of Birth',
    description:
      'Enter your date of birth to find your root number (mulank) and destiny number (bhagyank), how they are worked out, and the VIP numbers whose total matches.',
    path: '/numerology',
    product: false,
  });

/**
 * The totals of the address, `?total=5` or `?total=5&total=2` (the destiny number, then the root
 * number when it differs): all a shared link carries, never the date.
 */
function totalsOf(search: URLSearchParams): BirthTotals | null {
  const totals = search
    .getAll('total')
    .map(Number)
    .filter((total) => Number.isInteger(total) && total >= 1 && total <= 9);
  const [bhagyank, mulank = bhagyank] = totals;
  return bhagyank === undefined ? null : { bhagyank, mulank: mulank! };
}

const totalsQuery = (birth: BirthTotals) =>
  birthTotals(birth)
    .map((total) => `total=${total}`)
    .join('&');

/**
 * /numerology: a date of birth gives the root and destiny numbers, shown with their sums, and
 * the numbers whose total matches. The address then carries only the totals (`?total=N`), so the
 * page can be shared, and neither the address, the API calls nor analytics see the date.
 */
export default function NumerologyPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [numbers, setNumbers] = useState<BirthNumbers | null>(null);
  const search = hydrated ? searchParams.toString() : '';
  const birth = useMemo(() => totalsOf(new URLSearchParams(search)), [search]);

  const onNumbers = (found: BirthNumbers) => {
    setNumbers(found);
    const totals = { mulank: found.mulank.value, bhagyank: found.bhagyank.value };
    void navigate(`/numerology?${totalsQuery(totals)}`, { preventScrollReset: true });
  };

  // A refused date clears what an earlier date (or a shared link) showed.
  const onRefused = () => {
    setNumbers(null);
    if (birth) void navigate('/numerology', { preventScrollReset: true });
  };

  // The sums are shown for a date entered here, while the address still shows its totals.
  const shown =
    numbers &&
    birth &&
    numbers.mulank.value === birth.mulank &&
    numbers.bhagyank.value === birth.bhagyank
      ? numbers
      : null;

  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="Numerology"
        title="Numbers for your date of birth"
        intro="Your root number (mulank) comes from the day you were born, your destiny number (bhagyank) from the whole date. A mobile number whose total matches them is said to bring you luck."
      />
      <BirthDateForm onNumbers={onNumbers} onRefused={onRefused} />
      {shown ? <BirthNumbersView numbers={shown} /> : null}
      {birth ? <BirthMatches birth={birth} /> : null}
    </Container>
  );
}
