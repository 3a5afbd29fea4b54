import { describe, expect, it } from 'vitest';
import {
  hasListingFilters,
  listingParamsFromSearch,
  parseDigitList,
  parseDigits,
  parseMask,
  searchFromListingParams,
  type ListingParams,
} from './listing-params';

const parse = (query: string) => listingParamsFromSearch(new URLSearchParams(query));
const canonical = (query: string) => searchFromListingParams(parse(query)).toString();

describe('listingParamsFromSearch / searchFromListingParams', () => {
  it('reads every parameter', () => {
    expect(
      parse(
        'category=mirror-numbers&offer=true&q=786&match=end&mustContain=2,4&notContain=8&mask=98??54????' +
          '&sum=45&mid=9&total=9&minPrice=5000&maxPrice=15000&sort=price_asc&page=3&pageSize=48',
      ),
    ).toEqual({
      category: 'mirror-numbers',
      offer: true,
      q: '786',
      match: 'end',
      mustContain: ['2', '4'],
      notContain: ['8'],
      mask: '98??54????',
      sum: 45,
      mid: 9,
      total: 9,
      minPrice: 5000,
      maxPrice: 15000,
      sort: 'price_asc',
      page: 3,
      pageSize: 48,
    } satisfies ListingParams);
  });

  it('round-trips parameters in a fixed order', () => {
    const params: ListingParams = {
      page: 2,
      sort: 'price_asc',
      match: 'end',
      q: '786',
      category: 'mirror-numbers',
    };
    const search = searchFromListingParams(params);
    expect(search.toString()).toBe('category=mirror-numbers&q=786&match=end&sort=price_asc&page=2');
    expect(listingParamsFromSearch(search)).toEqual(params);

    const full = parse(
      'pageSize=12&page=4&sort=price_desc&offer=1&maxPrice=100000&minPrice=35000&total=5&mid=14&sum=50' +
        '&mask=9x*_______&notContain=2 4 8&mustContain=7,1,7&match=start&q=98-76&category=TRIPLE',
    );
    const again = listingParamsFromSearch(searchFromListingParams(full));
    expect(again).toEqual(full);
    expect(searchFromListingParams(full).toString()).toBe(
      'category=triple&q=9876&match=start&mustContain=1%2C7&notContain=2%2C4%2C8&mask=9%3F%3F%3F%3F%3F%3F%3F%3F%3F' +
        '&sum=50&mid=14&total=5&minPrice=35000&maxPrice=100000&offer=true&sort=price_desc&page=4&pageSize=12',
    );
  });

  it('drops defaults', () => {
    expect(
      parse('category=all&match=anywhere&q=12&sort=newest&page=1&pageSize=24&offer=false'),
    ).toEqual({ q: '12' });
    expect(canonical('category=all&sort=newest&page=1')).toBe('');
    expect(searchFromListingParams({ page: 1, sort: 'newest', pageSize: 24 }).toString()).toBe('');
  });

  it('drops invalid values and keeps the valid ones', () => {
    expect(
      parse(
        'category=no-such-category&q=78a6&match=middle&mustContain=2,x&notContain=&mask=98??54' +
          '&sum=0&mid=19&total=91&minPrice=-5&maxPrice=cheap&sort=random&page=0&pageSize=101',
      ),
    ).toEqual({});
    expect(parse('q=12345678901')).toEqual({});
    expect(parse('page=2.5&sum=4.5&minPrice=1e3')).toEqual({});
    expect(parse('mask=??????????')).toEqual({});
    expect(parse('category=octa&q=x&sort=price_desc')).toEqual({
      category: 'octa',
      sort: 'price_desc',
    });
  });

  it('keeps match only with digits', () => {
    expect(parse('match=end')).toEqual({});
    expect(searchFromListingParams({ match: 'start' }).toString()).toBe('');
  });

  it('drops a reversed price range whole', () => {
    expect(parse('minPrice=20000&maxPrice=5000')).toEqual({});
    expect(searchFromListingParams({ minPrice: 20000, maxPrice: 5000 }).toString()).toBe('');
    expect(parse('minPrice=15,000')).toEqual({ minPrice: 15000 });
    expect(parse('minPrice=0')).toEqual({});
  });

  it('reads a whole mobile number written with +91, 91 or 0 as its 10 digits', () => {
    for (const typed of ['+91 90924 90924', '+91-90924-90924', '090924 90924', '919092490924']) {
      expect(parseDigits(typed), typed).toBe('9092490924');
    }
    expect(parse('q=%2B919092490924')).toEqual({ q: '9092490924' });
    // Digits that are no whole number stay as typed; 11 digits that are no number are refused.
    expect(parseDigits('0786')).toBe('0786');
    expect(parseDigits('98 76')).toBe('9876');
    expect(parseDigits('01234567890')).toBeUndefined();
  });

  it('normalises digit lists and masks', () => {
    expect(parseDigitList('8, 2,4,2')).toEqual(['2', '4', '8']);
    expect(parseDigitList('248')).toEqual(['2', '4', '8']);
    expect(parseDigitList('2,,a')).toBeUndefined();
    expect(parseMask(' 98xx54**__ ')).toBe('98??54????');
    expect(parseMask('98??54???')).toBeUndefined();
  });

  it('tells filters from sort and page', () => {
    expect(hasListingFilters({ sort: 'price_asc', page: 3 })).toBe(false);
    expect(hasListingFilters({ sum: 10 })).toBe(true);
    expect(hasListingFilters({ offer: true })).toBe(true);
  });
});

describe('text: plain words', () => {
  it('is read, tidied and written first', () => {
    expect(parse('text=%20ending%20%20786%20&sort=price_asc')).toEqual({
      text: 'ending 786',
      sort: 'price_asc',
    });
    expect(canonical('sort=price_asc&text=ending+786&category=tetra')).toBe(
      'text=ending+786&category=tetra&sort=price_asc',
    );
    expect(parse('text=%20%20')).toEqual({});
    expect(hasListingFilters(parse('text=mirror'))).toBe(true);
  });

  it('is cut to the 200 characters the API reads', () => {
    expect(parse(`text=${'a'.repeat(250)}`).text).toHaveLength(200);
  });
});
