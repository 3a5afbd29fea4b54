// The Razorpay stand-in's checkout.js (served by fake-razorpay.ts as /checkout.js): defines
// window.Razorpay with the part of Razorpay Checkout's interface the store uses: new
// Razorpay(options), on('payment.failed', callback), open(), options.handler and
// options.modal.ondismiss. open() shows a dialog saying it is a test stand-in, with the amount and
// the Razorpay order: Pay asks the stand-in to capture the payment and hands its signed answer to
// the handler; Fail calls the payment.failed callbacks and stays open for another try, as
// Razorpay does; Close (or Escape) calls ondismiss. No money moves.
(() => {
  const payUrl = new URL('/v1/checkout/pay', document.currentScript.src).href;
  const rupees = (paise) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

  function element(tag, text, style = {}) {
    const made = document.createElement(tag);
    if (text) made.textContent = text;
    Object.assign(made.style, style);
    return made;
  }

  function button(text, primary) {
    return element('button', text, {
      padding: '0.6rem 1.2rem',
      borderRadius: '0.5rem',
      border: '1px solid #1e3a8a',
      background: primary ? '#1e3a8a' : '#fff',
      color: primary ? '#fff' : '#1e3a8a',
      font: 'inherit',
      fontWeight: '600',
      cursor: 'pointer',
    });
  }

  class Razorpay {
    constructor(options) {
      this.options = options;
      this.failedCallbacks = [];
    }

    on(event, callback) {
      if (event === 'payment.failed') this.failedCallbacks.push(callback);
    }

    open() {
      const { options } = this;
      const opener = document.activeElement;
      const backdrop = element('div', '', {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgba(15, 23, 42, 0.6)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        font: '16px/1.5 system-ui, sans-serif',
      });
      const dialog = element('div', '', {
        background: '#fff',
        color: '#0f172a',
        borderRadius: '0.75rem',
        padding: '1.5rem',
        maxWidth: '26rem',
        margin: '1rem',
      });
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'razorpay-stand-in-title');
      dialog.setAttribute('aria-describedby', 'razorpay-stand-in-note');
      const title = element('h2', 'Razorpay test stand-in', { margin: '0 0 0.5rem' });
      title.id = 'razorpay-stand-in-title';
      const note = element('p', 'This is a test stand-in for Razorpay Checkout: no money moves.');
      note.id = 'razorpay-stand-in-note';
      const amount = element('p', `Amount: ${rupees(options.amount)}`, { fontWeight: '600' });
      const order = element('p', `Razorpay order: ${options.order_id}`);
      const status = element('p', '', { minHeight: '1.5em', color: '#991b1b' });
      status.setAttribute('role', 'status');
      const pay = button('Pay', true);
      const fail = button('Fail', false);
      const close = button('Close', false);
      const buttons = [pay, fail, close];
      const row = element('div', '', { display: 'flex', gap: '0.75rem', marginTop: '1rem' });
      row.append(...buttons);
      dialog.append(title, note, amount, order, status, row);
      backdrop.append(dialog);

      const remove = () => {
        backdrop.remove();
        if (opener instanceof HTMLElement) opener.focus();
      };
      const busy = (on) => buttons.forEach((each) => (each.disabled = on));

      pay.addEventListener('click', async () => {
        busy(true);
        status.textContent = 'Paying…';
        try {
          const answer = await fetch(payUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ key: options.key, order_id: options.order_id }),
          });
          const body = await answer.json();
          if (!answer.ok) throw new Error(body.error?.description ?? `answered ${answer.status}`);
          remove();
          options.handler(body);
        } catch (error) {
          status.textContent = `The stand-in could not take the payment: ${error.message}`;
          busy(false);
          pay.focus();
        }
      });
      fail.addEventListener('click', () => {
        const failure = {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed: declined in the Razorpay test stand-in.',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: options.order_id },
          },
        };
        status.textContent = 'The payment failed. Pay again, or close this window.';
        this.failedCallbacks.forEach((callback) => callback(failure));
      });
      const dismiss = () => {
        remove();
        options.modal?.ondismiss?.();
      };
      close.addEventListener('click', dismiss);
      // A modal dialog: Escape closes it, Tab stays among its buttons.
      dialog.addEventListener('keydown', (event) => {
        if (event.key === 'Escape' && !close.disabled) dismiss();
        if (event.key !== 'Tab') return;
        const at = buttons.indexOf(document.activeElement);
        const next = (at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length;
        event.preventDefault();
        buttons[at === -1 ? 0 : next].focus();
      });

      document.body.append(backdrop);
      pay.focus();
    }
  }

  window.Razorpay = Razorpay;
})();
