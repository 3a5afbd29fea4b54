import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { useInlinePanel } from '../../components/inline-panel';
import { InlineConfirm } from '../../components/inline-confirm';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { formatIndianDate } from '../../lib/format';
import { consoleMeta, ConsolePage, ConsoleTable, QueryStatus, useListParams } from '../admin-shell';
import { useDismissMessage } from './api/dismiss-message';
import { useSendMessageAgain } from './api/send-message-again';
import { useUndeliveredMessages, type UndeliveredMessage } from './api/get-undelivered-messages';
import type { Route } from './+types/undelivered-messages-page';

const channelNames = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const column = createColumnHelper<UndeliveredMessage>();

const columns = [
  column.accessor('failedAt', {
    header: 'Given up',
    cell: ({ row: { original: message } }) => (
      <>
        {formatIndianDate(message.failedAt, { month: 'short', time: true })}
        <span className="block text-xs text-slate-600">
          after {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </>
    ),
  }),
  column.accessor('to', {
    header: 'To',
    cell: ({ row: { original: message } }) => (
      <>
        <span className="block font-medium">{channelNames[message.channel]}</span>
        <span className="break-all">{message.to}</span>
        {message.followsAccount ? (
          <span className="block text-xs text-slate-600">
            Send again goes to the account&rsquo;s contact as it is now
          </span>
        ) : null}
      </>
    ),
  }),
  column.accessor('about', {
    header: 'About',
    cell: ({ row: { original: message } }) => (
      <>
        <span className="block">{message.about}</span>
        {message.order ? (
          <Link
            to={`/admin/orders/${message.order.id}`}
            className="font-mono text-blue-800 underline"
          >
            {message.order.reference}
          </Link>
        ) : null}
      </>
    ),
  }),
  column.accessor('lastError', {
    header: 'Last error',
    cell: (info) => <span className="line-clamp-3 max-w-xs break-words">{info.getValue()}</span>,
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: message } }) => <MessageActions message={message} />,
  }),
];

export const meta: Route.MetaFunction = () => consoleMeta('Messages not delivered');

/**
 * /admin/undelivered-messages: e-mails, SMS and WhatsApp messages the store gave up sending
 * (decision 0087), each sent again or dismissed by support.
 */
export default function UndeliveredMessagesPage() {
  const { page, update } = useListParams();
  const { data, isPending, error, refetch, isFetching } = useUndeliveredMessages(page);
  return (
    <ConsolePage
      title="Messages not delivered"
      intro="Messages the store stopped trying to send. Send one again once the buyer's address is right (a buyer's message goes to their account's e-mail or mobile as it is now), or dismiss it when you have reached them another way. Each is deleted some time after it was given up (90 days unless the store is set otherwise)."
    >
      <QueryStatus
        what="messages"
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
      />
      {data ? (
        <ConsoleTable
          caption="Messages not delivered, the latest given up first"
          columns={columns}
          rows={data.messages}
          empty="Every message has been delivered."
          busy={isFetching}
          paged={data}
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </ConsolePage>
  );
}

function MessageActions({ message }: { message: UndeliveredMessage }) {
  const toast = useToast();
  const sendAgain = useSendMessageAgain();
  const dismiss = useDismissMessage();
  const { open: confirming, show, close, openerRef, onKeyDown } = useInlinePanel();
  const busy = sendAgain.isPending || dismiss.isPending;
  const onSendAgain = async () => {
    try {
      const { said, sent } = await sendAgain.mutateAsync(message.id);
      if (sent) toast.success(said);
      else toast.warning(said);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The message could not be sent again.'));
    }
  };
  const onDismiss = async () => {
    close();
    try {
      toast.success(await dismiss.mutateAsync(message.id));
    } catch (failure) {
      toast.error(errorMessage(failure, 'The message could not be dismissed.'));
    }
  };
  if (confirming) {
    return (
      <InlineConfirm
        label="Dismiss this message?"
        question="Dismiss it? It is deleted and not sent."
        action="Dismiss"
        onConfirm={() => void onDismiss()}
        onCancel={close}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <BusyButton
        type="button"
        className="btn-primary px-3 py-1"
        busy={busy}
        onClick={() => void onSendAgain()}
      >
        Send again
      </BusyButton>
      <BusyButton
        ref={openerRef}
        type="button"
        className="btn-secondary px-3 py-1"
        busy={busy}
        onClick={show}
      >
        Dismiss
      </BusyButton>
    </div>
  );
}
