const cross = <T>(...lists: T[][][]): T[][] =>
  lists.reduce<T[][]>((acc, list) => acc.flatMap((a) => list.map((b) => [...a, ...b])), [[]]);
const query = (params: Record<string, string | number>) =>
  `/api/v1/numbers?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])))}`;

const sorts = ['newest', 'price_asc', 'price_desc'];

/** The representative listings: each scenario is a set of URLs a shopper would send. */
export const listingScenarios: { name: string; paths: string[] }[] = [
  {
    name: 'category',
    paths: cross(
      [
        'unique-numbers',
        'doubling-numbers',
        'mirror-numbers',
        '786-numbers',
        'tetra',
        'without-248-numbers',
        'ab-ab-xy-xy-numbers',
        'octa',
      ].map((c) => [c]),
      sorts.map((s) => [s]),
      [['1'], ['2'], ['5']],
    ).map(([category, sort, page]) => query({ category: category!, sort: sort!, page: page! })),
  },
  {
    name: 'digits anywhere',
    paths: cross(
      [
        '786',
        '108',
        '999',
        '143',
        '420',
        '2025',
        '0000',
        '555',
        '9090',
        '1234',
        '7777',
        '4521',
      ].map((q) => [q]),
      sorts.map((s) => [s]),
    ).map(([q, sort]) => query({ q: q!, match: 'anywhere', sort: sort! })),
  },
  {
    name: 'ends with',
    paths: cross(
      ['0000', '1234', '786', '999', '4321', '5050', '2020', '100', '00', '7'].map((q) => [q]),
      sorts.map((s) => [s]),
    ).map(([q, sort]) => query({ q: q!, match: 'end', sort: sort! })),
  },
  {
    name: 'mask',
    paths: cross(
      [
        '98??54????',
        '??????7777',
        '9?99?99???',
        '7???0000??',
        '98765?????',
        '??12??34??',
        '9??????786',
      ].map((m) => [m]),
      sorts.map((s) => [s]),
    ).map(([mask, sort]) => query({ mask: mask!, sort: sort! })),
  },
  {
    name: 'price range + sort',
    paths: cross(
      [
        ['5000', '15000', 'price_desc'],
        ['1400', '5000', 'price_asc'],
        ['20000', '35000', 'price_asc'],
        ['50000', '200000', 'price_desc'],
        ['10000', '12000', 'newest'],
        ['100000', '1500000', 'price_asc'],
      ],
      [['1'], ['2'], ['3']],
    ).map(([minPrice, maxPrice, sort, page]) =>
      query({ minPrice: minPrice!, maxPrice: maxPrice!, sort: sort!, page: page! }),
    ),
  },
];
