import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatInr } from '@store/domain';
import { BusyButton } from '../../components/busy-button';
import { CartIcon } from '../../components/icons';
import { Container, PageHeader } from '../../components/page';
import { useHydrated } from '../../lib/use-hydrated';
import { useCartActions } from '../cart';
import { HighlightedNumber, Pagination } from '../catalog';
import { seo } from '../seo';
import type { Route } from './+types/packs-page';
import { usePacks, type Pack, type PackKind } from './api/get-packs';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Family Packs of VIP Numbers',
    description:
      'Sets of VIP mobile numbers for a family or a team: numbers that share their last six digits, or run one after another. Add a whole pack to your cart in one tap.',
    path: '/family-packs',
  });

const kinds: { kind: PackKind; label: string; intro: string }[] = [
  {
    kind: 'ending',
    label: 'Same last six digits',
    intro: 'Numbers that end alike: easy for the family to remember as one.',
  },
  {
    kind: 'consecutive',
    label: 'Consecutive numbers',
    intro: 'Numbers one after another, for a family, a shop or an office.',
  },
];

/** /family-packs: packs of 2 to 10 numbers, by shared ending or in a run, each added in one tap. */
export default function PacksPage() {
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const kind: PackKind = search.get('kind') === 'consecutive' ? 'consecutive' : 'ending';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const packs = usePacks(kind, page, hydrated);
  const data = packs.data;
  const hrefFor = (target: { kind?: PackKind; page?: number }) => {
    const next = new URLSearchParams();
    const nextKind = target.kind ?? kind;
    if (nextKind !== 'ending') next.set('kind', nextKind);
    if ((target.page ?? 1) > 1) next.set('page', String(target.page));
    const query = next.toString();
    return `/family-packs${query ? `?${query}` : ''}`;
  };

  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="For families and teams"
        title="Family Packs"
        intro="Sets of numbers that belong together, with their price together. A pack goes in your cart whole, or not at all if one of its numbers has just been sold."
      />
      <nav aria-label="Kinds of pack" className="flex flex-wrap gap-2">
        {kinds.map((item) => (
          <Link
            key={item.kind}
            to={hrefFor({ kind: item.kind, page: 1 })}
            aria-current={item.kind === kind ? 'page' : undefined}
            className={item.kind === kind ? 'btn-primary' : 'btn-secondary'}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <p className="mt-3 text-slate-700">{kinds.find((item) => item.kind === kind)!.intro}</p>
      <p role="status" className="mt-1 text-sm text-slate-600" data-testid="packs-count">
        {data ? `${data.total.toLocaleString('en-IN')} packs` : 'Loading packs…'}
      </p>
      {packs.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          The packs could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void packs.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {data && data.packs.length === 0 ? (
        <p className="mt-6 text-slate-700">No packs of this kind are on sale right now.</p>
      ) : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="pack-grid">
        {data?.packs.map((pack) => (
          <li key={`${pack.kind}-${pack.key}-${pack.numbers[0]?.id}`}>
            <PackCard pack={pack} />
          </li>
        ))}
      </ul>
      {data ? (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          hrefFor={(target) => hrefFor({ page: target })}
        />
      ) : null}
    </Container>
  );
}

function PackCard({ pack }: { pack: Pack }) {
  const { addPack } = useCartActions();
  const [busy, setBusy] = useState(false);
  const title =
    pack.kind === 'ending'
      ? `${pack.numbers.length} numbers ending ${pack.key}`
      : `${pack.numbers.length} numbers in a row`;
  const onAdd = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await addPack(pack.numbers);
    } finally {
      setBusy(false);
    }
  };
  return (
    <article
      data-testid="pack-card"
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-1">
        {pack.numbers.map((number) => (
          <li key={number.id} className="flex items-baseline justify-between gap-3">
            <Link
              to={`/numbers/${number.number}`}
              className="font-mono text-lg font-semibold text-slate-900 tabular-nums hover:text-blue-800 hover:underline"
            >
              <HighlightedNumber number={number.number} spans={number.spans} />
            </Link>
            <span className="text-sm text-slate-600 tabular-nums">
              {formatInr(number.pricing.nwFinalPrice)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="flex flex-col">
          <span className="text-xs text-slate-600">Together</span>
          <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="pack-price">
            {formatInr(pack.totalPrice)}
          </span>
        </p>
        <BusyButton
          type="button"
          className="btn-primary whitespace-nowrap"
          busy={busy}
          onClick={() => void onAdd()}
        >
          <CartIcon className="size-4" />
          {busy ? 'Adding…' : 'Add pack to cart'}
        </BusyButton>
      </div>
    </article>
  );
}
