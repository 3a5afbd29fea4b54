import { describeReduction, type BirthNumbers } from '@store/domain';

/** Mulank and bhagyank, each with the additions that give it. */
export function BirthNumbersView({ numbers }: { numbers: BirthNumbers }) {
  const rows = [
    {
      name: 'Root number (mulank)',
      from: 'the day you were born',
      reduction: numbers.mulank,
      testId: 'mulank',
    },
    {
      name: 'Destiny number (bhagyank)',
      from: 'every digit of your date of birth',
      reduction: numbers.bhagyank,
      testId: 'bhagyank',
    },
  ];
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div
          key={row.name}
          data-testid={row.testId}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <dt className="text-sm font-semibold text-slate-700">{row.name}</dt>
          <dd>
            <span className="block text-5xl font-bold text-blue-800 tabular-nums">
              {row.reduction.value}
            </span>
            <span className="mt-2 block text-sm text-slate-700">
              From {row.from}:{' '}
              <span className="tabular-nums">{describeReduction(row.reduction)}</span>
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
