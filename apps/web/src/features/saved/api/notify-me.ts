import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';

/** The number a guest's Notify me is for, and the API's message once confirmed. */
export interface NotifyMeConfirmed {
  number: ApiData<'/notify-me/confirm', 'post'>;
  message: string;
}

/** POST /notify-me/confirm: the token of the e-mail's link confirms the guest's request, once. */
export async function confirmNotifyMe(token: string): Promise<NotifyMeConfirmed> {
  const answer = await api.post<NotifyMeConfirmed['number']>('/notify-me/confirm', { token });
  return { number: answer.data!, message: answer.message ?? '' };
}
