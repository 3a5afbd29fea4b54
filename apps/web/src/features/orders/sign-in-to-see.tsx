import type { ReactNode } from 'react';
import { Container, PageHeader } from '../../components/page';
import { useAuthUi } from '../auth';

/**
 * What a signed-out visitor sees on the buyer's order pages (a link from an e-mail or an SMS):
 * why to sign in, and the Sign In button. Once signed in, the page shows what it is about.
 */
export function SignInToSee({ title, children }: { title: string; children?: ReactNode }) {
  const { openAuthModal } = useAuthUi();
  return (
    <Container className="pb-16">
      <PageHeader
        title={title}
        intro="Your orders, their payment and their porting steps are in your account."
      />
      {children}
      <button type="button" className="btn-primary" onClick={() => openAuthModal('sign-in')}>
        Sign In
      </button>
    </Container>
  );
}
