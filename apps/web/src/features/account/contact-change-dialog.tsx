import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextField } from '../../components/form-fields';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useAuthActions } from '../auth';
import { useSendContactCode, useVerifyContactCode } from './api/change-contact';

export type ContactKind = 'email' | 'mobile';

const words: Record<ContactKind, string> = {
  email: 'e-mail address',
  mobile: 'mobile number',
};

const asContact = (kind: ContactKind, value: string) =>
  kind === 'email' ? { email: value } : { mobile: value };

/**
 * Changing the account's e-mail or mobile: the new one is proved by a code sent to it (the old
 * one may be lost), then sign-in codes and messages go there, those of earlier orders too (their
 * invoices keep the details they were placed with, decision 0064), and the account's other
 * sessions end (decision 0065).
 */
export function ContactChangeDialog({ kind, onClose }: { kind: ContactKind; onClose: () => void }) {
  const toast = useToast();
  const { updateSession } = useAuthActions();
  const send = useSendContactCode();
  const verify = useVerifyContactCode();
  const [contact, setContact] = useState('');
  const [sentTo, setSentTo] = useState<{ contact: string; requestId: string } | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();

  async function onSend(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      const sent = await send.mutateAsync(asContact(kind, contact.trim()));
      setSentTo({ contact: contact.trim(), requestId: sent.requestId });
    } catch (error) {
      setProblem(errorMessage(error, `We could not send a code to this ${words[kind]}.`));
    }
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    setProblem(undefined);
    try {
      const changed = await verify.mutateAsync({
        ...asContact(kind, sentTo.contact),
        otp: code.trim(),
        requestId: sentTo.requestId,
      });
      if (changed.session) updateSession(changed.session);
      toast.success(
        changed.message ||
          `Your ${words[kind]} has been changed. You have been signed out on your other devices.`,
      );
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The code could not be checked.'));
    }
  }

  return (
    <ModalDialog open onClose={onClose} title={`Change your ${words[kind]}`}>
      {sentTo ? (
        <form noValidate onSubmit={onVerify} className="space-y-4">
          <p className="text-sm text-slate-700">
            Enter the 6-digit code we sent to <strong>{sentTo.contact}</strong>.
          </p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <FormAlert message={problem} />
          <div className="flex flex-wrap justify-between gap-3">
            <button
              type="button"
              className="text-sm font-semibold text-slate-700 underline"
              onClick={() => {
                setSentTo(null);
                setCode('');
                setProblem(undefined);
              }}
            >
              Use another {words[kind]}
            </button>
            <SubmitButton pending={verify.isPending} pendingLabel="Checking…" className="sm:w-auto">
              Confirm the change
            </SubmitButton>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={onSend} className="space-y-4">
          <p className="text-sm text-slate-700">
            We send a code to the new {words[kind]} to check it is yours. Once confirmed, sign-in
            codes and messages go there, those about your earlier orders too; their invoices keep
            the details they were placed with. Your other devices will be signed out.
          </p>
          {kind === 'mobile' ? (
            <TextField
              label="New mobile number"
              type="text"
              inputMode="tel"
              autoComplete="tel-national"
              value={contact}
              onChange={(event) => setContact(event.target.value)}
            />
          ) : (
            <TextField
              label="New e-mail address"
              type="email"
              autoComplete="email"
              value={contact}
              onChange={(event) => setContact(event.target.value)}
            />
          )}
          <FormAlert message={problem} />
          <div className="flex justify-end">
            <SubmitButton pending={send.isPending} pendingLabel="Sending…" className="sm:w-auto">
              Send the code
            </SubmitButton>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
