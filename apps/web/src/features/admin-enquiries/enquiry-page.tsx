import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from '../../lib/zod';
import { BusyButton } from '../../components/busy-button';
import { SubmitButton, TextAreaField, TextField } from '../../components/form-fields';
import { useFocusLater } from '../../components/use-focus-later';
import { useToast } from '../../components/toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatIndianDate } from '../../lib/format';
import {
  consoleMeta,
  ConsoleDetail,
  ConsolePage,
  QueryStatus,
  useConsoleTitle,
} from '../admin-shell';
import { enquiryTopicLabels } from '../enquiries';
import { useEnquiry, type EnquiryDetail } from './api/get-enquiry';
import { doneMeanwhile, useReplyToEnquiry, type DoneMeanwhile } from './api/reply-to-enquiry';
import { noteSavedMeanwhile, useUpdateEnquiry, type SavedNote } from './api/update-enquiry';
import { statusLabels } from './enquiry-labels';
import { EnquiryNumberLink } from './enquiry-number-link';
import type { Route } from './+types/enquiry-page';

export const meta: Route.MetaFunction = () => consoleMeta('Enquiry');

/** /admin/enquiries/:enquiryId: one enquiry, its status and note, and replies by e-mail. */
export default function EnquiryPage() {
  const { enquiryId = '' } = useParams();
  const { data, isPending, error, refetch } = useEnquiry(enquiryId);
  // 400: the address holds no enquiry id at all; to the team, that is not found either.
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  useConsoleTitle(data && `Enquiry ${data.reference}`);
  return (
    <ConsolePage
      title={data ? `Enquiry from ${data.name}` : missing ? 'Enquiry not found' : 'Enquiry'}
      intro={data ? `Reference ${data.reference}` : undefined}
      actions={
        <Link to="/admin/enquiries" className="text-blue-800 underline">
          All enquiries
        </Link>
      }
    >
      {missing ? null : (
        <QueryStatus
          what="enquiry"
          isPending={isPending}
          error={error}
          onRetry={() => void refetch()}
        />
      )}
      {data ? <EnquiryDetails key={data.id} enquiry={data} /> : null}
    </ConsolePage>
  );
}

const panel = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

function EnquiryDetails({ enquiry }: { enquiry: EnquiryDetail }) {
  // The control used may go (a status button, the sending button): the focus goes to the
  // status changed, or to the replies with the one just sent.
  const { target: status, focusLater: focusStatus } = useFocusLater<HTMLElement>();
  const { target: replies, focusLater: focusReplies } = useFocusLater<HTMLHeadingElement>();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label="The enquiry" className={panel}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <ConsoleDetail term="Received">
            {formatIndianDate(enquiry.createdAt, { time: true })}
          </ConsoleDetail>
          <ConsoleDetail term="Topic">{enquiryTopicLabels[enquiry.topic]}</ConsoleDetail>
          <ConsoleDetail term="Mobile">
            <a href={`tel:+91${enquiry.mobile}`} className="text-blue-800 underline">
              {enquiry.mobile}
            </a>
          </ConsoleDetail>
          <ConsoleDetail term="E-mail">
            <a href={`mailto:${enquiry.email}`} className="text-blue-800 underline">
              {enquiry.email}
            </a>
          </ConsoleDetail>
          {enquiry.number ? (
            <ConsoleDetail term="About">
              <EnquiryNumberLink number={enquiry.number} />
            </ConsoleDetail>
          ) : null}
          {enquiry.pagePath ? (
            <ConsoleDetail term="Sent from">{enquiry.pagePath}</ConsoleDetail>
          ) : null}
          <dt className="font-medium text-slate-600">Status</dt>
          <dd ref={status} tabIndex={-1} className="text-slate-900">
            {statusLabels[enquiry.status]}
          </dd>
        </dl>
        <h2 className="mt-4 text-sm font-semibold text-slate-700">Message</h2>
        <p className="mt-1 whitespace-pre-wrap text-slate-900">{enquiry.message}</p>
        <StatusActions enquiry={enquiry} onMoved={focusStatus} />
      </section>

      <div className="space-y-6">
        <NoteForm enquiry={enquiry} />
        <ReplyForm enquiry={enquiry} onSent={focusReplies} />
        <Replies replies={enquiry.replies} headingRef={replies} />
      </div>
    </div>
  );
}

function StatusActions({ enquiry, onMoved }: { enquiry: EnquiryDetail; onMoved: () => void }) {
  const toast = useToast();
  const { mutateAsync, isPending } = useUpdateEnquiry();
  const move = async (status: EnquiryDetail['status']) => {
    try {
      toast.success(await mutateAsync({ id: enquiry.id, status }));
      onMoved();
    } catch (error) {
      toast.error(errorMessage(error, 'The enquiry could not be changed.'));
    }
  };
  const button = (status: EnquiryDetail['status'], label: string, primary = false) => (
    <BusyButton
      type="button"
      className={`${primary ? 'btn-primary' : 'btn-secondary'} px-3 py-1.5`}
      busy={isPending}
      onClick={() => void move(status)}
    >
      {label}
    </BusyButton>
  );
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {enquiry.state === 'open' ? button('closed', 'Mark answered', true) : null}
      {enquiry.status === 'new' ? button('in_progress', 'Mark in progress') : null}
      {enquiry.state === 'answered' ? button('in_progress', 'Reopen') : null}
    </div>
  );
}

const noteSchema = z.object({
  note: z.string().max(2000, 'Please keep the note under 2000 characters.'),
});

/** When someone saved or sent something, as the console shows it. */
const when = (at: string) => formatIndianDate(at, { month: 'short', time: true });

const conflictBox = 'mt-3 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm';

function NoteForm({ enquiry }: { enquiry: EnquiryDetail }) {
  const toast = useToast();
  const { mutateAsync } = useUpdateEnquiry();
  // The note this form was opened with (or last saved): the server refuses to save over a note
  // another agent saved since, and says theirs.
  const [seen, setSeen] = useState(enquiry.note);
  const [meanwhile, setMeanwhile] = useState<SavedNote>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
    setValue,
  } = useForm<z.infer<typeof noteSchema>>({
    resolver: zodResolver(noteSchema),
    defaultValues: { note: enquiry.note ?? '' },
  });
  // Saved, the button is disabled until the note changes again: the focus goes to the note.
  const { target: noteBoxRef, focusLater: focusNote } = useFocusLater<HTMLTextAreaElement>();
  const { ref: registerNote, ...noteField } = register('note');
  const onSubmit = handleSubmit(async ({ note }) => {
    try {
      toast.success(await mutateAsync({ id: enquiry.id, note, noteSeen: seen }));
      setSeen(note.trim() || null);
      setMeanwhile(undefined);
      reset({ note: note.trim() });
      focusNote();
    } catch (error) {
      const theirs = noteSavedMeanwhile(error);
      if (!theirs) {
        toast.error(errorMessage(error, 'The note could not be saved.'));
        return;
      }
      // Theirs first, then the agent's own, in the box: nothing is lost, and the agent puts
      // them together and saves over the note now shown.
      setSeen(theirs.text);
      setMeanwhile(theirs);
      const merged = [theirs.text, note.trim()].filter(Boolean).join('\n\n');
      setValue('note', merged, { shouldDirty: true });
      focusNote();
    }
  });
  return (
    <form className={panel} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        label="Team note"
        hint="What was done and what is next; only the team sees it."
        error={errors.note?.message}
        {...noteField}
        ref={(box) => {
          registerNote(box);
          noteBoxRef.current = box;
        }}
      />
      {meanwhile ? (
        <div role="alert" className={conflictBox}>
          <p className="font-medium text-slate-900">
            {meanwhile.by ?? 'Another agent'} saved the note
            {meanwhile.at ? ` at ${when(meanwhile.at)}` : ''} after you opened this enquiry: yours
            was not saved.
          </p>
          {meanwhile.text ? (
            <blockquote className="border-l-4 border-amber-300 pl-3 whitespace-pre-wrap text-slate-800">
              {meanwhile.text}
            </blockquote>
          ) : (
            <p className="text-slate-800">They cleared it.</p>
          )}
          <p className="text-slate-800">
            The box now holds their note, then yours: put them together and save again.
          </p>
        </div>
      ) : null}
      <SubmitButton pending={isSubmitting} disabled={!isDirty} className="mt-3 sm:w-auto sm:px-6">
        Save note
      </SubmitButton>
    </form>
  );
}

const replySchema = z.object({
  subject: z.string().max(200, 'Please keep the subject under 200 characters.'),
  text: z
    .string()
    .trim()
    .min(2, 'Write the reply.')
    .max(5000, 'Please keep the reply under 5000 characters.'),
});

function ReplyForm({ enquiry, onSent }: { enquiry: EnquiryDetail; onSent: () => void }) {
  const toast = useToast();
  const { mutateAsync } = useReplyToEnquiry();
  // Replies another agent sent, or their marking the enquiry answered, while this one was
  // written: nothing was sent, until the agent chooses to send theirs all the same.
  const [meanwhile, setMeanwhile] = useState<DoneMeanwhile>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
    reset,
  } = useForm<z.infer<typeof replySchema>>({
    resolver: zodResolver(replySchema),
    defaultValues: { subject: '', text: '' },
  });
  const send = (sendAnyway: boolean) =>
    handleSubmit(async ({ subject, text }) => {
      try {
        const reply = {
          subject: subject.trim(),
          text,
          repliesSeen: enquiry.replies.length,
          statusSeen: enquiry.status,
        };
        toast.success(
          await mutateAsync({ id: enquiry.id, ...reply, ...(sendAnyway ? { sendAnyway } : {}) }),
        );
        setMeanwhile(undefined);
        reset();
        onSent();
      } catch (error) {
        const theirs = doneMeanwhile(error);
        if (theirs) setMeanwhile(theirs);
        else toast.error(errorMessage(error, 'The reply could not be sent.'));
      }
    });
  return (
    <form
      className={panel}
      noValidate
      aria-label="Reply by e-mail"
      onSubmit={(event) => void send(false)(event)}
    >
      <h2 className="mb-3 text-base font-semibold text-slate-900">Reply to {enquiry.email}</h2>
      <TextField
        label="Subject"
        placeholder={`Re: your enquiry ${enquiry.reference}`}
        hint="The enquiry's reference is added to a subject of your own."
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextAreaField
        className="mt-3"
        label="Reply"
        hint="Sent by e-mail with the store's contact line; the enquiry is then marked answered."
        error={errors.text?.message}
        {...register('text')}
      />
      {meanwhile ? (
        <div role="alert" className={conflictBox}>
          {'replies' in meanwhile ? (
            <RepliedMeanwhile replies={meanwhile.replies} />
          ) : (
            <p className="font-medium text-slate-900">
              {meanwhile.answered.by ?? 'Another agent'} marked this enquiry answered
              {meanwhile.answered.at ? ` at ${when(meanwhile.answered.at)}` : ''}, without an
              e-mail: yours was not sent. Send it only if the customer should still hear from us by
              e-mail.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <SubmitButton
              type="button"
              pending={isSubmitting}
              className="sm:w-auto sm:px-6"
              onClick={() => void send(true)()}
            >
              {'replies' in meanwhile ? 'Send mine as well' : 'Send mine all the same'}
            </SubmitButton>
            <BusyButton
              type="button"
              className="btn-secondary px-4"
              busy={isSubmitting}
              onClick={() => {
                setMeanwhile(undefined);
                reset();
              }}
            >
              Don’t send mine
            </BusyButton>
          </div>
        </div>
      ) : (
        <SubmitButton pending={isSubmitting} className="mt-3 sm:w-auto sm:px-6">
          Send reply
        </SubmitButton>
      )}
    </form>
  );
}

function RepliedMeanwhile({ replies }: { replies: EnquiryDetail['replies'] }) {
  return (
    <>
      <p className="font-medium text-slate-900">
        {replies.length === 1
          ? `${replies[0]!.staff.name} answered while you were writing`
          : `${replies.length} replies were sent while you were writing`}
        : yours was not sent.
      </p>
      {replies.map((reply) => (
        <blockquote
          key={reply.id}
          className="border-l-4 border-amber-300 pl-3 whitespace-pre-wrap text-slate-800"
        >
          <span className="block text-slate-600">
            {reply.staff.name}, {when(reply.sentAt)}: {reply.subject}
          </span>
          {reply.text}
        </blockquote>
      ))}
      <p className="text-slate-800">
        The customer has it. Send yours as well only if they should have both.
      </p>
    </>
  );
}

function Replies({
  replies,
  headingRef,
}: {
  replies: EnquiryDetail['replies'];
  headingRef: Ref<HTMLHeadingElement>;
}) {
  if (replies.length === 0) return null;
  return (
    <section aria-label="Replies sent" className={panel}>
      <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
        Replies sent
      </h2>
      <ol className="mt-2 space-y-4">
        {replies.map((reply) => (
          <li key={reply.id} className="border-t border-slate-100 pt-3 text-sm">
            <p className="font-medium text-slate-900">{reply.subject}</p>
            <p className="text-slate-600">
              {reply.staff.name}, {formatIndianDate(reply.sentAt, { month: 'short', time: true })},
              to {reply.sentTo}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-slate-800">{reply.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
