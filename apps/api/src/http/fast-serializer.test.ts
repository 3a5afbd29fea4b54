import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { numberPageSchema } from '../catalog/catalog-schemas';
import { toNumberItem } from '../catalog/number-item';
import { envelope, ok } from './envelope';
import { fastSerializerCompiler } from './fast-serializer';

const schema = envelope(numberPageSchema);
const page = ok({
  items: [
    toNumberItem({
      id: 7,
      number: '9876598765',
      basePrice: 1_200_000,
      finalPrice: 999_900,
      category: 'mirror-numbers',
      digitSum: 75,
      mid: 3,
      total: 3,
    }),
  ],
  total: 1,
  totalCapped: false,
  page: 1,
  pageSize: 24,
  pageCount: 1,
});

describe('the fast reply serializer', () => {
  it('writes what the zod serializer writes', () => {
    const zod = serializerCompiler({ schema, method: 'GET', url: '/numbers' }) as (
      data: unknown,
    ) => string;
    expect(fastSerializerCompiler({ schema })(page)).toBe(zod(page));
    expect(JSON.parse(fastSerializerCompiler({ schema })(page)).data.items[0]).toMatchObject({
      number: '9876598765',
      pricing: { nwFinalPrice: 9999, nwBasePrice: 12000 },
      spans: expect.any(Array),
    });
  });

  it('leaves out fields the schema does not declare', () => {
    const leaky = {
      ...page,
      data: { ...page.data, secret: 'x', items: [{ ...page.data.items[0], costPrice: 1 }] },
    };
    const written = JSON.parse(fastSerializerCompiler({ schema })(leaky));
    expect(written.data).not.toHaveProperty('secret');
    expect(written.data.items[0]).not.toHaveProperty('costPrice');
  });
});
