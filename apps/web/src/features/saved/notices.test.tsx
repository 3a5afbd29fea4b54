import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import { expectPrivacyNotice } from '../../../test-support/privacy-notice';
import { product } from '../../../test-support/products';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest } from '../../../test-support/session';
import { NumberCard } from '../catalog';

afterEach(resetAfterTest);

describe('Notify me’s notice', () => {
  it('says what a guest’s e-mail is for and links the privacy policy', () => {
    renderWithQuery(
      '/premium-numbers?status=coming_soon',
      <NumberCard item={product(5, 7000)} comingSoon />,
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Notify me when 98765 00005 goes on sale' }),
    );
    const form = screen.getByLabelText('Your e-mail').closest('form')!;
    expectPrivacyNotice(
      form,
      'We use your e-mail only to tell you once when this number goes on sale.',
    );
  });
});
