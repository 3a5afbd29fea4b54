import userEvent from '@testing-library/user-event';

/** Puts text in a field at once (typing it key by key is slow on a busy machine). */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}
