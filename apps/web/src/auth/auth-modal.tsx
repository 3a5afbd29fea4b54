import { Modal } from '../components/modal';
import type { AuthModalProps } from '../lib/auth-ui';

/**
 * The authentication modal, opened from the header's Sign In button through the auth UI slot
 * (src/lib/auth-ui.tsx). Placeholder until the accounts work adds the sign-in, registration,
 * OTP and password-reset forms.
 */
export function AuthModal({ open, onClose }: AuthModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Sign In">
      <p className="text-slate-700">
        Signing in is coming soon. Until then you can browse every number and keep a cart on this
        device.
      </p>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className="btn-primary">
          OK
        </button>
      </div>
    </Modal>
  );
}
