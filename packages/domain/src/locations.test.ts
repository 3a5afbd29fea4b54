import { describe, expect, it } from 'vitest';
import { findCity, findState, popularCities, slugify, states } from './locations';

describe('slugify', () => {
  it.each([
    ['Jammu & Kashmir', 'jammu-and-kashmir'],
    ['Andaman & Nicobar', 'andaman-and-nicobar'],
    ['Dadra & Nagar Haveli and Daman & Diu', 'dadra-and-nagar-haveli-and-daman-and-diu'],
    ['Uttar Pradesh', 'uttar-pradesh'],
    ['  Vasco da  Gama! ', 'vasco-da-gama'],
    ['A&B', 'a-and-b'],
    ['786 Numbers', '786-numbers'],
  ])('%s -> %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('states', () => {
  it('lists the 36 states and union territories alphabetically', () => {
    const names = states.map((state) => state.name);
    expect(names).toHaveLength(36);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toEqual(
      expect.arrayContaining([
        'Andaman & Nicobar',
        'Chandigarh',
        'Dadra & Nagar Haveli and Daman & Diu',
        'Delhi',
        'Jammu & Kashmir',
        'Ladakh',
        'Lakshadweep',
        'Puducherry',
        'Maharashtra',
        'Uttar Pradesh',
      ]),
    );
  });

  it('slugs every state and city with slugify, uniquely', () => {
    expect(new Set(states.map((state) => state.slug)).size).toBe(states.length);
    for (const state of states) {
      expect(state.slug).toBe(slugify(state.name));
      expect(state.cities.length).toBeGreaterThanOrEqual(1);
      expect(state.cities.length).toBeLessThanOrEqual(10);
      expect(new Set(state.cities.map((city) => city.slug)).size).toBe(state.cities.length);
      for (const city of state.cities) expect(city.slug).toBe(slugify(city.name));
    }
  });

  it('lists Noida once in Uttar Pradesh and the big Maharashtra cities', () => {
    const up = findState('uttar-pradesh');
    expect(up?.cities.filter((city) => city.name === 'Noida')).toHaveLength(1);
    const maharashtra = findState('maharashtra')?.cities.map((city) => city.name);
    expect(maharashtra).toEqual(
      expect.arrayContaining(['Mumbai', 'Pune', 'Nagpur', 'Thane', 'Nashik']),
    );
    expect(findState('delhi')?.cities.map((city) => city.name)).toEqual(
      expect.arrayContaining(['New Delhi', 'Dwarka']),
    );
  });
});

describe('findState and findCity', () => {
  it('find by slug', () => {
    expect(findState('jammu-and-kashmir')?.name).toBe('Jammu & Kashmir');
    expect(findState('nowhere')).toBeUndefined();
    const found = findCity('uttar-pradesh', 'noida');
    expect(found?.state.name).toBe('Uttar Pradesh');
    expect(found?.city).toEqual({ name: 'Noida', slug: 'noida' });
  });

  it('do not find a city under the wrong state', () => {
    expect(findCity('maharashtra', 'noida')).toBeUndefined();
    expect(findCity('nowhere', 'noida')).toBeUndefined();
  });
});

describe('popularCities', () => {
  it('has 24 distinct cities', () => {
    expect(popularCities).toHaveLength(24);
    expect(new Set(popularCities.map((city) => city.path)).size).toBe(24);
  });

  it('agrees with states', () => {
    for (const popular of popularCities) {
      const found = findCity(popular.stateSlug, popular.slug);
      expect(found?.city.name).toBe(popular.name);
      expect(found?.state.name).toBe(popular.stateName);
      expect(popular.path).toBe(`${popular.stateSlug}/${popular.slug}`);
    }
  });

  it('includes Noida under Uttar Pradesh', () => {
    expect(popularCities).toContainEqual({
      name: 'Noida',
      slug: 'noida',
      stateName: 'Uttar Pradesh',
      stateSlug: 'uttar-pradesh',
      path: 'uttar-pradesh/noida',
    });
  });
});
