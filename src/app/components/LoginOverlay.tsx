/**
 * The investor login overlay of the seed. Investor accounts do not exist (seed §6), so it makes
 * no call: "Sign In" explains that access is arranged through investor relations.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '../query.ts';
import { Q, type SiteInfo } from '../types.ts';
import { Dialog } from './Dialog.tsx';

interface Props { open: boolean; onClose: () => void }

export function LoginOverlay({ open, onClose }: Props) {
  const site = useQuery<SiteInfo>(Q.site).data;
  const ir = site?.contacts.investorRelations ?? '';
  const [explained, setExplained] = useState(false);
  const close = () => {
    setExplained(false);
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setExplained(true);
  };
  return (
    <Dialog open={open} onClose={close} labelledBy="investor-login-title" className="overlay overlay--login" initialFocus="#investor-email">
      <div className="login-panel">
        <button type="button" className="overlay__close login-panel__close" onClick={close}>
          CLOSE <span aria-hidden="true" className="overlay__x" />
        </button>
        <p className="eyebrow">Investor Portal</p>
        <h2 id="investor-login-title" className="login-panel__title">Investor Login</h2>
        <form className="form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="investor-email">Email</label>
            <input id="investor-email" name="email" type="email" autoComplete="username" />
          </div>
          <div className="field">
            <label htmlFor="investor-password">Password</label>
            <input id="investor-password" name="password" type="password" autoComplete="current-password" />
          </div>
          <button type="submit" className="button button--primary button--block">Sign In</button>
          <div role="status" className="login-panel__status">
            {explained && (
              <p className="notice">
                Investor accounts are arranged through Investor Relations. Please write to{' '}
                <a href={`mailto:${ir}`}>{ir}</a> and our team will set up your access.
              </p>
            )}
          </div>
        </form>
        <div className="login-panel__links">
          <a href={`mailto:${ir}?subject=${encodeURIComponent('Investor portal: password reset')}`}>Forgot password?</a>
          <a href={`mailto:${ir}?subject=${encodeURIComponent('Investor portal: account request')}`}>Create account</a>
        </div>
        <p className="login-panel__note">Access is restricted to authorized investors only</p>
      </div>
    </Dialog>
  );
}
