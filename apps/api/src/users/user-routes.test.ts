import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { api, registerCustomer } from '../../test-support/session-client';

const address = {
  line1: 'Flat 12, Sea View Apartments',
  line2: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400050',
};

describeEachDatabase('GET/PATCH /user/profile and PUT /user/address', (ctx) => {
  it('answers 401 to every profile call without a session', async () => {
    const { app } = ctx();
    for (const [method, url, payload] of [
      ['GET', '/user/profile', undefined],
      ['PATCH', '/user/profile', { name: 'Someone' }],
      ['PUT', '/user/address', address],
    ] as const) {
      const res = await app.inject({ method, url: api(url), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('returns the user and a null address until one is saved', async () => {
    const { client, details } = await registerCustomer(ctx().app);
    const res = await client.get(api('/user/profile'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      data: {
        user: {
          id: expect.any(String),
          name: details.name,
          email: details.email,
          mobile: details.mobile,
          accountType: 'Individual',
          companyName: null,
          gstinNo: null,
          getWhatsappUpdate: true,
          acceptTermsAndConditions: true,
          role: 'customer',
        },
        address: null,
      },
    });
  });

  it('changes the name and WhatsApp updates', async () => {
    const { client } = await registerCustomer(ctx().app);
    const res = await client.request({
      method: 'PATCH',
      url: api('/user/profile'),
      payload: { name: '  Asha V. Verma ', getWhatsappUpdate: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your profile has been saved.',
      data: { user: { name: 'Asha V. Verma', getWhatsappUpdate: false }, address: null },
    });
    expect((await client.get(api('/user/profile'))).json().data.user.name).toBe('Asha V. Verma');
    const empty = await client.request({ method: 'PATCH', url: api('/user/profile') });
    expect(empty.statusCode).toBe(200);
  });

  /** A Corporate buyer's PATCH of their own profile. */
  async function corporateProfilePatch() {
    const { client } = await registerCustomer(ctx().app, {
      accountType: 'Corporate',
      companyName: 'Verma Traders',
      gstinNo: '27AAPFU0939F1ZV',
    });
    return (payload: object) =>
      client.request({ method: 'PATCH', url: api('/user/profile'), payload });
  }

  it('changes the company name and GSTIN of a Corporate account, validating the GSTIN', async () => {
    const patch = await corporateProfilePatch();
    const bad = await patch({ gstinNo: '27AAPFU0939F1ZO' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('gstinNo');
    const good = await patch({ companyName: 'Verma Global Traders', gstinNo: '29aagcr4375j1zu' });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.user).toMatchObject({
      companyName: 'Verma Global Traders',
      gstinNo: '29AAGCR4375J1ZU',
    });
  });

  it("takes a person's name in any script with dots, apostrophes and hyphens, a company's with digits and &", async () => {
    const patch = await corporateProfilePatch();
    for (const name of [
      'Dr. A.P.J. Abdul Kalam',
      "D'Souza Maria",
      'राम कुमार',
      'Ñandini Iyer',
      'Anne-Marie',
    ]) {
      const res = await patch({ name });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data.user.name).toBe(name);
    }
    const company = await patch({ companyName: '24x7 Services & Co. Pvt Ltd' });
    expect(company.statusCode).toBe(200);
    expect(company.json().data.user.companyName).toBe('24x7 Services & Co. Pvt Ltd');
    for (const [payload, message] of [
      [
        { name: 'Ravi123' },
        'name: A name has letters, spaces, dots, apostrophes and hyphens only.',
      ],
      [
        { name: '<script>' },
        'name: A name has letters, spaces, dots, apostrophes and hyphens only.',
      ],
      [{ companyName: '<b>Verma</b> Traders' }, 'companyName: A company name cannot have < or >.'],
    ] as const) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(`Invalid body: ${message}`);
    }
  });

  it('refuses bad profile changes with 400', async () => {
    const { client } = await registerCustomer(ctx().app);
    const patch = (payload: object) =>
      client.request({ method: 'PATCH', url: api('/user/profile'), payload });
    const cases: Array<[object, string]> = [
      [{ name: 'A' }, 'at least 2 characters'],
      [{ name: 'Eve\r\nBcc: victim@example.com' }, 'Name must be on one line'],
      [{ getWhatsappUpdate: 'yes' }, 'getWhatsappUpdate'],
      [{ email: 'new@example.com' }, 'cannot be changed here: email'],
      [{ role: 'admin' }, 'cannot be changed here: role'],
      [{ companyName: 'Verma Traders' }, 'Corporate accounts only'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await client.get(api('/user/profile'))).json().data.user.role).toBe('customer');
  });

  it('saves and replaces the address', async () => {
    const { client } = await registerCustomer(ctx().app);
    const put = (payload: object) =>
      client.request({ method: 'PUT', url: api('/user/address'), payload });
    const saved = await put(address);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.address).toEqual(address);
    // An Army Postal Service PIN code (9) is any state's.
    expect((await put({ ...address, pinCode: '930001' })).statusCode).toBe(200);
    const replaced = await put({
      line1: '4 MG Road',
      city: 'Bengaluru',
      state: 'karnataka',
      pinCode: ' 560001 ',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.address).toEqual({
      line1: '4 MG Road',
      line2: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
    });
    expect((await client.get(api('/user/profile'))).json().data.address).toEqual(
      replaced.json().data.address,
    );
    const login = await ctx().app.inject({ method: 'GET', url: api('/user/profile') });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a bad address with 400 naming the field', async () => {
    const { client } = await registerCustomer(ctx().app);
    const cases: Array<[object, string, string]> = [
      [{ line1: '' }, 'line1', 'Enter the first address line.'],
      [{ line1: undefined }, 'line1', 'Enter the first address line.'],
      [{ line2: 'x'.repeat(201) }, 'line2', 'at most 200'],
      [{ city: '' }, 'city', 'Enter the city.'],
      [{ line1: '12 MG Road\nFloor 2' }, 'line1', 'The first address line must be on one line'],
      [{ city: 'Pune\u0007' }, 'city', 'The city must be on one line'],
      [{ state: 'Gondwana' }, 'state', 'state or union territory of India'],
      [{ pinCode: '40005' }, 'pinCode', '6-digit PIN code'],
      [{ pinCode: '012345' }, 'pinCode', '6-digit PIN code'],
      [
        { pinCode: '110001' },
        'pinCode',
        'PIN code 110001 is in the Delhi zone (1), not Maharashtra: check the PIN code or the state.',
      ],
      [
        { state: 'delhi' },
        'pinCode',
        'PIN code 400050 is in the Maharashtra and Madhya Pradesh zone (4), not Delhi: check the PIN code or the state.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await client.request({
        method: 'PUT',
        url: api('/user/address'),
        payload: { ...address, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toContain(field);
      expect(res.json().message).toContain(message);
    }
  });
});
