import { useState } from 'react';
import { Container, PageHeader } from '../../components/page';
import { siteConfig } from '../../lib/site-config';
import { EnquiryForm } from '../enquiries';
import { seo } from '../seo';
import type { Route } from './+types/career-page';
import { CheckList } from './content-blocks';
import { openings } from './data/careers';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Career',
    description: `Careers at ${siteConfig.storeName}: open positions in sales, porting support, business development and marketing. Apply online.`,
    path: '/career',
  });

const OTHER_POSITION = 'Other / general application';

export default function CareerPage() {
  // "Apply" on an opening preselects it in the form (the form starts afresh with it) and moves
  // there. A button, not a link to #apply: a click before hydration is held and replayed
  // (decision 0027), where a link would only scroll and leave the position unchosen.
  const [position, setPosition] = useState('');
  const apply = (title: string) => {
    setPosition(title);
    const form = document.getElementById('apply');
    form?.scrollIntoView();
    form?.focus({ preventScroll: true });
  };
  return (
    <Container className="pb-16">
      <PageHeader
        title="Career"
        intro="Join the team that helps customers across India find the right number and guides them all the way to a working SIM. We value clear answers, patience and keeping our promises."
      />

      <section aria-labelledby="openings-title">
        <h2 id="openings-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Open positions
        </h2>
        <ul className="mt-6 grid gap-5 lg:grid-cols-2">
          {openings.map((opening) => (
            <li key={opening.title}>
              <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-sm font-semibold text-blue-700">{opening.team}</p>
                <h3 className="mt-1 text-xl font-bold text-slate-900">{opening.title}</h3>
                <p className="mt-1 text-sm text-slate-600">
                  {opening.type} · {opening.location}
                </p>
                <p className="mt-4 text-slate-700">{opening.summary}</p>
                <h4 className="mt-5 font-semibold text-slate-900">What you will do</h4>
                <CheckList items={opening.responsibilities} className="mt-3" />
                <h4 className="mt-5 font-semibold text-slate-900">What we look for</h4>
                <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                  {opening.requirements.map((requirement) => (
                    <li key={requirement}>{requirement}</li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() => apply(opening.title)}
                  className="btn-secondary mt-6 self-start"
                >
                  Apply<span className="sr-only"> for {opening.title}</span>
                </button>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <div id="apply" tabIndex={-1} className="mt-14 scroll-mt-20 focus:outline-none">
        <EnquiryForm
          key={position}
          topic="career"
          title="Apply now"
          intro="Tell us about yourself. We read every application and call the people whose experience fits an opening."
          choice={{
            label: 'Position',
            options: [...openings.map((opening) => opening.title), OTHER_POSITION],
            defaultValue: position,
          }}
          messageLabel="Your experience"
          messagePlaceholder="Your current role, years of experience, languages you speak, your city and when you could join. Add a link to your CV or LinkedIn profile if you have one."
          submitLabel="Send application"
        />
      </div>
    </Container>
  );
}
