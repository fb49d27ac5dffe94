/**
 * The investor login overlay of the seed. Investor accounts do not exist (seed §6), so it makes
 * no call: "Sign In" explains that access is arranged through investor relations.
 *
 * Without script (and before it runs) LOGIN opens it by an invoker command, the explanation is
 * shown from the start, and the form is a `method="dialog"` form: Sign In only closes the
 * dialog, so nothing typed is ever sent anywhere (a plain GET would put the password in a URL).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { Dialog, DialogClose } from './Dialog.tsx';
import { useOverlay } from './overlay-context.tsx';
import { href } from '../paths.ts';

export const LOGIN_DIALOG_ID = 'investor-login';

interface Props {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

export function LoginOverlay({ open, onOpen, onClose }: Props) {
  const site = useQuery(Q.site).data;
  const ir = site?.contacts.investorRelations ?? '';
  const hydrated = useHydrated();
  const [signInPressed, setExplained] = useState(false);
  const explained = signInPressed || !hydrated;
  const close = () => {
    setExplained(false);
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setExplained(true);
  };
  return (
    <Dialog id={LOGIN_DIALOG_ID} open={open} onOpen={onOpen} onClose={close} labelledBy="investor-login-title" className="overlay overlay--login" initialFocus="#investor-email">
      <div className="login-panel">
        <DialogClose dialogId={LOGIN_DIALOG_ID} onClose={close} className="login-panel__close" />
        <p className="eyebrow">Investor Portal</p>
        <h2 id="investor-login-title" className="login-panel__title">
          Investor Login
        </h2>
        <form className="form" method="dialog" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="investor-email">Email</label>
            <input id="investor-email" name="email" type="email" autoComplete="email" />
          </div>
          <div className="field">
            <label htmlFor="investor-password">Password</label>
            <input id="investor-password" name="password" type="password" autoComplete="current-password" />
          </div>
          <button type="submit" className="button button--primary button--block">
            Sign In
          </button>
          <div role="status" className="login-panel__status">
            {explained && (
              <p className="notice">
                Investor accounts are arranged through Investor Relations. Please write to <a href={`mailto:${ir}`}>{ir}</a> and our team will set up your access.
              </p>
            )}
          </div>
        </form>
        <div className="login-panel__links">
          <a href={`mailto:${ir}?subject=${encodeURIComponent('Investor portal: password reset')}`}>Forgot password?</a>
          <a href={`mailto:${ir}?subject=${encodeURIComponent('Investor portal: account request')}`}>Create account</a>
        </div>
        <p className="login-panel__note">Access is restricted to authorized investors only</p>
        {/* Investors are a target of impersonation: where to check a request that claims to be from us. */}
        <p className="login-panel__fraud">
          We will never ask for your password, or for a payment, by e-mail, phone or messaging app. <a href={href('page', { slug: 'fraud-notice' })}>Read our fraud notice</a>.
        </p>
      </div>
    </Dialog>
  );
}

/**
 * A button elsewhere on a page that opens the investor login overlay (the research pages' "Investor
 * Login"): by invoker command before script runs, through the overlay state after.
 */
export function InvestorLoginButton({ className, children }: { className: string; children: ReactNode }) {
  const { setOverlay } = useOverlay();
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      commandfor={LOGIN_DIALOG_ID}
      command="show-modal"
      onClick={(e) => {
        e.preventDefault();
        setOverlay('login');
      }}
    >
      {children}
    </button>
  );
}
