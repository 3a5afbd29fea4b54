import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { categories, popularCities, states } from '@store/domain';
import { LogoMark, SocialIcon } from '../../../components/icons';
import {
  categoryPath,
  cityPath,
  footerPolicyLinks,
  footerQuickLinks,
  footerSupportLinks,
  statePath,
  type NavLink,
} from '../../../lib/nav';
import { buildYear, siteConfig } from '../../../lib/site-config';

const noSubscription = () => () => {};

/** The current year in the browser; the build year while prerendering and hydrating. */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => buildYear,
  );
}

const linkClass =
  'rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:text-white';

/** A column of links beside the store's details, or a wrapping row of them below. */
const linkGroupLayouts = {
  column: { box: undefined, list: 'mt-4 space-y-2 text-sm' },
  row: {
    box: 'border-t border-slate-800 py-6',
    list: 'mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm',
  },
} as const;

function LinkGroup({
  title,
  links,
  layout,
}: {
  title: string;
  links: readonly NavLink[];
  layout: keyof typeof linkGroupLayouts;
}) {
  const { box, list } = linkGroupLayouts[layout];
  return (
    <div className={box}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className={list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const categoryLinks: NavLink[] = categories
  .filter((category) => category.slug !== 'all')
  .map((category) => ({ label: category.name, to: categoryPath(category.slug) }));

const stateLinks: NavLink[] = states.map((state) => ({
  label: state.name,
  to: statePath(state.slug),
}));

const popularCityLinks: NavLink[] = popularCities.map((city) => ({
  label: city.name,
  to: cityPath(city.stateSlug, city.slug),
}));

/**
 * Site footer (spec §2). Plain links, so all of them are in the prerendered HTML. It starts below
 * the first screen on every page: content-visibility lets the browser skip its style, layout and
 * paint until it comes near the viewport (the intrinsic size stands in for its height until then).
 */
export function Footer() {
  const year = useCurrentYear();
  // Off screen the footer is not rendered and takes its estimated height: at least its real
  // height at every width (2,179 px at 320, 1,307 at 640, 939 at 1024), or its last line falls
  // below the painted box, light text on the page's white.
  return (
    <footer className="bg-slate-900 text-slate-300 [contain-intrinsic-size:auto_2200px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_1350px] lg:[contain-intrinsic-size:auto_950px]">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-white"
            >
              <LogoMark className="size-8" />
              {siteConfig.storeName}
            </Link>
            <p className="mt-4 max-w-sm text-sm">
              VIP and fancy mobile numbers for every state in India, with guided porting to your
              operator after purchase.
            </p>
            <ul className="mt-4 space-y-1 text-sm">
              <li>
                Email:{' '}
                <a href={`mailto:${siteConfig.supportEmail}`} className={linkClass}>
                  {siteConfig.supportEmail}
                </a>
              </li>
              <li>
                Phone:{' '}
                <a href={`tel:+91${siteConfig.supportPhone}`} className={linkClass}>
                  +91 {siteConfig.supportPhone}
                </a>
              </li>
              {siteConfig.officeAddress ? <li>Address: {siteConfig.officeAddress}</li> : null}
            </ul>
            <ul className="mt-5 flex gap-3" aria-label="Social media">
              {siteConfig.socialLinks.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener"
                    aria-label={social.name}
                    className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
                  >
                    <SocialIcon name={social.name} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <LinkGroup title="Quick links" links={footerQuickLinks} layout="column" />
          <LinkGroup title="Support" links={footerSupportLinks} layout="column" />
          <LinkGroup title="Policies" links={footerPolicyLinks} layout="column" />
        </div>

        <LinkGroup title="Numbers by category" links={categoryLinks} layout="row" />
        <LinkGroup title="VIP numbers by state" links={stateLinks} layout="row" />
        <LinkGroup title="Popular cities" links={popularCityLinks} layout="row" />

        <div className="border-t border-slate-800 py-6 text-sm">
          <p>{`© ${year} ${siteConfig.storeName}`}</p>
        </div>
      </div>
    </footer>
  );
}
