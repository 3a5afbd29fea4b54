import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, matchRoutes, useNavigate, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from './features/account/profile-page';
import BlogDetailPage from './features/content/blogs/blog-detail-page';
import UnknownPathPage from './features/content/unknown-path-page';
import CityPage from './features/locations/city-page';
import StatePage from './features/locations/state-page';
import routes from './routes';

// The state and city pages list numbers: answer GET /api/v1/numbers with an empty page.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            data: { items: [], total: 0, page: 1, pageSize: 24, pageCount: 0 },
          }),
        ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  type Entry = (typeof routes)[number];
  const toRoute = (entry: Entry): RouteObject =>
    entry.index
      ? { index: true, id: entry.file }
      : { path: entry.path, id: entry.file, children: entry.children?.map(toRoute) };
  const table: RouteObject[] = routes.map(toRoute);
  const fileFor = (path: string) => matchRoutes(table, path)?.at(-1)?.route.id;

  it('maps every route of spec §2 to a page module in its feature folder', () => {
    expect(fileFor('/')).toBe('features/content/home-page.tsx');
    expect(fileFor('/profile')).toBe('features/account/profile-page.tsx');
    expect(fileFor('/products/smart-ivr')).toMatch(/^features\/content\/products\//);
    expect(fileFor('/products/sms-solutions')).toMatch(/^features\/content\/products\//);
    expect(fileFor('/products/whatsapp')).toMatch(/^features\/content\/products\//);
    expect(fileFor('/premium-numbers')).toMatch(/^features\/catalog\//);
    expect(fileFor('/offer-zone')).toMatch(/^features\/catalog\//);
    expect(fileFor('/cart')).toMatch(/^features\/cart\//);
    for (const path of [
      '/contact-us',
      '/blogs',
      '/blogs/some-article',
      '/career',
      '/testimonial',
      '/video-gallery',
      "/faq's",
      '/faq%27s',
      '/why-us',
      '/privacy-policy',
      '/refund-policy',
      '/terms-and-conditions',
    ]) {
      expect(fileFor(path), path).toMatch(/^features\/content\/(?!unknown)/);
    }
    expect(fileFor('/vip-numbers')).toBe('features/locations/vip-numbers-page.tsx');
    expect(fileFor('/vip-numbers/goa')).toBe('features/locations/state-page.tsx');
    expect(fileFor('/vip-numbers/goa/panaji')).toBe('features/locations/city-page.tsx');
    expect(fileFor('/no/such/page')).toBe('features/content/unknown-path-page.tsx');
  });

  it('puts the storefront pages in its layout and the console in its own tree', () => {
    const layoutOf = (path: string) => matchRoutes(table, path)?.[0]?.route.id;
    expect(layoutOf('/')).toBe('features/layout/storefront-layout.tsx');
    expect(layoutOf('/premium-numbers')).toBe('features/layout/storefront-layout.tsx');
    expect(layoutOf('/admin')).toBe('features/admin-shell/admin-layout.tsx');
    expect(fileFor('/admin')).toBe('features/admin-dashboard/dashboard-page.tsx');
    expect(layoutOf('/admin/inventory')).toBe('features/admin-shell/admin-layout.tsx');
    expect(fileFor('/admin/inventory')).toBe('features/admin-inventory/inventory-page.tsx');
    expect(fileFor('/admin/imports')).toBe('features/admin-imports/imports-page.tsx');
    expect(fileFor('/admin/enquiries')).toBe('features/admin-enquiries/enquiries-page.tsx');
    expect(fileFor('/admin/enquiries/e-1')).toBe('features/admin-enquiries/enquiry-page.tsx');
    expect(fileFor('/admin/staff')).toBe('features/admin-staff/staff-page.tsx');
    expect(fileFor('/admin/audit')).toBe('features/admin-audit/audit-page.tsx');
    expect(fileFor('/admin/customers')).toBe('features/admin-customers/customers-page.tsx');
    expect(fileFor('/admin/customers/c-1')).toBe('features/admin-customers/customer-page.tsx');
    for (const path of ['/admin/enquiries', '/admin/staff', '/admin/audit']) {
      expect(layoutOf(path), path).toBe('features/admin-shell/admin-layout.tsx');
    }
  });
});

describe('console titles', () => {
  it('gives every console page a title of its own', async () => {
    const consoleRoutes = routes.find((entry) => entry.path === 'admin')?.children ?? [];
    const titles = await Promise.all(
      consoleRoutes.map(async (entry) => {
        const page = (await import(`./${entry.file.replace(/\.tsx$/, '')}`)) as {
          meta: () => { title?: string }[];
        };
        return page.meta().find((tag) => tag.title)?.title;
      }),
    );
    expect(titles).toEqual([
      'Dashboard · Console',
      'Inventory · Console',
      'Imports · Console',
      'Orders · Console',
      'Order · Console',
      'Enquiries · Console',
      'Enquiry · Console',
      'Staff · Console',
      'Customers · Console',
      'Customer · Console',
      'Audit log · Console',
      'Tax register · Console',
      'Messages not delivered · Console',
    ]);
  });
});

function Listing() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Listing</h1>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderRoutes(path: string) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <h1>Home</h1> },
    { path: '/start', Component: () => <h1>Start</h1> },
    { path: '/premium-numbers', Component: Listing },
    { path: '/profile', Component: ProfilePage },
    { path: '/blogs/:slug', Component: BlogDetailPage },
    { path: '/vip-numbers/:stateSlug', Component: StatePage },
    { path: '/vip-numbers/:stateSlug/:citySlug', Component: CityPage },
    { path: '*', Component: UnknownPathPage },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={['/start', path]} initialIndex={1} />
    </QueryClientProvider>,
  );
}

describe('redirects', () => {
  it('renders a known state and city', () => {
    renderRoutes('/vip-numbers/maharashtra');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'VIP Numbers in Maharashtra',
    );
    expect(screen.getByRole('link', { name: 'Mumbai' })).toHaveAttribute(
      'href',
      '/vip-numbers/maharashtra/mumbai',
    );
    cleanup();
    renderRoutes('/vip-numbers/maharashtra/mumbai');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'VIP Mobile Numbers in Mumbai, Maharashtra',
    );
  });

  it.each([
    ['/vip-numbers/atlantis', 'Listing'],
    ['/vip-numbers/maharashtra/atlantis', 'Listing'],
    ['/vip-numbers/atlantis/mumbai', 'Listing'],
    ['/blogs/no-such-article', 'Listing'],
    ['/no/such/page', 'Listing'],
    ['/profile', 'Home'],
  ])('replaces %s', async (path, heading) => {
    renderRoutes(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('replaces the history entry instead of pushing one', async () => {
    renderRoutes('/vip-numbers/atlantis');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
  });
});
