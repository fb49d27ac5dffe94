/**
 * The login page's look, which the pages the alert e-mails open share (decision 013): one card,
 * the logo, the page's title, then what the page says; the firm's name below the card.
 */
import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';

export function LoginCard({ className, title, children }: { className?: string; title: string; children: ReactNode }) {
  return (
    <main id="main" className={className ? `login ${className}` : 'login'}>
      <div className="login__card">
        <div className="login__logo">
          <Logo />
        </div>
        <h1 className="login__title">{title}</h1>
        {children}
      </div>
      <p className="login__footer">© Halden Rowe Capital</p>
    </main>
  );
}
