import { useId, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { enquiryTopics, normalizeMobile, type EnquiryTopic } from '@store/domain';
import { BusyButton } from '../../components/busy-button';
import { PrivacyNotice } from '../../components/privacy-notice';
import { useToast } from '../../components/toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useSendEnquiry } from './api/send-enquiry';
import { enquiryTopicLabels } from './enquiry-topics';

/**
 * The enquiry form of the contact, product and career pages: POST /api/v1/enquiries with
 * { name, mobile, email, topic, message, pagePath, website }. `website` is a honeypot that people
 * never see; bots that fill it get a normal-looking answer and nothing is stored.
 */

interface FormValues {
  name: string;
  mobile: string;
  email: string;
  topic: EnquiryTopic;
  choice: string;
  message: string;
  website: string;
}

export interface EnquiryFormProps {
  /** The topic of every enquiry sent from this form; when absent the visitor picks one. */
  topic?: EnquiryTopic;
  /** Topics to pick from when `topic` is absent. */
  topics?: readonly EnquiryTopic[];
  /** Topic preselected when the visitor picks one. */
  defaultTopic?: EnquiryTopic;
  title?: string;
  /** Level of the title; default 2. */
  titleLevel?: 2 | 3;
  intro?: string;
  /** The mobile number the enquiry is about (a number's page or card), sent as `number`. */
  number?: string;
  /** An extra choice (e.g. the position applied for), sent as the first line of the message. */
  choice?: { label: string; options: readonly string[]; defaultValue?: string };
  messageLabel?: string;
  messagePlaceholder?: string;
  /** The message the form starts with (a number's page names the number). */
  defaultMessage?: string;
  submitLabel?: string;
  className?: string;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-700 aria-[invalid=true]:border-red-700';
const labelClass = 'block text-sm font-semibold text-slate-800';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A labelled input of the form, with its error under it. */
function InputField({
  id,
  label,
  error,
  className,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; error?: string }) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function EnquiryForm({
  topic,
  topics = enquiryTopics.filter((t) => t !== 'career'),
  defaultTopic,
  title = 'Send us an enquiry',
  titleLevel = 2,
  intro,
  number,
  choice,
  messageLabel = 'Your message',
  messagePlaceholder = 'Tell us what you are looking for.',
  defaultMessage = '',
  submitLabel = 'Send enquiry',
  className = '',
}: EnquiryFormProps) {
  const id = useId();
  const toast = useToast();
  const { mutateAsync: sendEnquiry } = useSendEnquiry();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    mode: 'onTouched',
    defaultValues: {
      name: '',
      mobile: '',
      email: '',
      topic: topic ?? defaultTopic ?? topics[0] ?? 'general',
      choice: choice?.defaultValue ?? '',
      message: defaultMessage,
      website: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSent(null);
    const message = choice
      ? `${choice.label}: ${values.choice}\n\n${values.message.trim()}`
      : values.message.trim();
    try {
      const { thanks, reference } = await sendEnquiry({
        name: values.name.trim(),
        mobile: values.mobile.trim(),
        email: values.email.trim(),
        topic: topic ?? values.topic,
        message,
        pagePath: pathname,
        ...(number ? { number } : {}),
        website: values.website,
      });
      // Said once, in the form's status line (a toast would say it twice), with the reference
      // the acknowledgement e-mail quotes, for a call or a WhatsApp message.
      setSent(reference ? `${thanks} Your reference: ${reference}.` : thanks);
      reset();
    } catch (error) {
      toast.error(
        isApiError(error) && error.status === 429
          ? error.message
          : errorMessage(error, 'Something went wrong'),
      );
    }
  });

  const Title = `h${titleLevel}` as const;
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: keyof FormValues) => `${id}-${name}-error`;
  const describedBy = (name: keyof FormValues) => (errors[name] ? errorId(name) : undefined);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 ${className}`}
    >
      <Title id={`${id}-title`} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </Title>
      {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}

      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        data-testid="enquiry-form"
      >
        <InputField
          id={fieldId('name')}
          label="Full name"
          error={errors.name?.message}
          type="text"
          autoComplete="name"
          {...register('name', {
            validate: (value) =>
              value.trim().length >= 2 || 'Enter your name (at least 2 characters).',
            maxLength: { value: 100, message: 'Name must be at most 100 characters long.' },
          })}
        />

        <InputField
          id={fieldId('mobile')}
          label="Mobile number"
          error={errors.mobile?.message}
          // A text box: `tel-national` (the 10 digits, no +91) is not allowed on type="tel".
          type="text"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          {...register('mobile', {
            validate: (value) =>
              normalizeMobile(value.trim()) !== null ||
              'Enter a valid 10-digit Indian mobile number.',
          })}
        />

        <InputField
          id={fieldId('email')}
          label="E-mail address"
          error={errors.email?.message}
          className={topic && !choice ? 'sm:col-span-2' : ''}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email', {
            validate: (value) =>
              /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || 'Enter a valid e-mail address.',
          })}
        />

        {topic ? null : (
          <div>
            <label htmlFor={fieldId('topic')} className={labelClass}>
              Topic
            </label>
            <select id={fieldId('topic')} className={inputClass} {...register('topic')}>
              {topics.map((t) => (
                <option key={t} value={t}>
                  {enquiryTopicLabels[t]}
                </option>
              ))}
            </select>
          </div>
        )}

        {choice ? (
          <div>
            <label htmlFor={fieldId('choice')} className={labelClass}>
              {choice.label}
            </label>
            <select
              id={fieldId('choice')}
              aria-invalid={errors.choice ? true : undefined}
              aria-describedby={describedBy('choice')}
              className={inputClass}
              {...register('choice', {
                validate: (value) => value !== '' || `Choose the ${choice.label.toLowerCase()}.`,
              })}
            >
              <option value="">Choose…</option>
              {choice.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
            <FieldError id={errorId('choice')} message={errors.choice?.message} />
          </div>
        ) : null}

        <div className="sm:col-span-2">
          <label htmlFor={fieldId('message')} className={labelClass}>
            {messageLabel}
          </label>
          <textarea
            id={fieldId('message')}
            rows={5}
            placeholder={messagePlaceholder}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message')}
            className={inputClass}
            {...register('message', {
              validate: (value) =>
                value.trim().length >= 10 || 'Please write a little more: at least 10 characters.',
              maxLength: {
                value: 2800,
                message: 'Please keep your message under 2800 characters.',
              },
            })}
          />
          <FieldError id={errorId('message')} message={errors.message?.message} />
        </div>

        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={fieldId('website')}>Website</label>
          <input
            id={fieldId('website')}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...register('website')}
          />
        </div>

        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <PrivacyNotice purpose="We reply within one working day. Your details are used only to answer you." />
          <BusyButton
            type="submit"
            disabled={!hydrated}
            busy={isSubmitting}
            className="btn-primary shrink-0 px-6 py-3 text-base whitespace-nowrap aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
          >
            {isSubmitting ? 'Sending…' : submitLabel}
          </BusyButton>
        </div>

        <p
          role="status"
          className={sent ? 'text-sm font-medium text-emerald-800 sm:col-span-2' : 'sr-only'}
        >
          {sent ?? ''}
        </p>
      </form>
    </section>
  );
}
