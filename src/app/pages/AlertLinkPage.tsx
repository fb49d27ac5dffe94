/**
 * The pages the alert e-mails' links open (/subscription/confirm, /subscription/unsubscribe): open
 * in both access modes, so the login page's look (one card, no site navigation, no script) —
 * someone who follows a link in an e-mail need not know the site password (decision 013). Each
 * action is one button that posts: opening a link changes nothing (mail scanners open links).
 */
import { LoginCard } from '../components/LoginCard.tsx';
import { ALERT_CONFIRM_HOURS, kindsSentence, type AlertKind } from '../alerts.ts';

export type AlertLinkProps =
  | { kind: 'confirm'; action: string; token: string; email: string; kinds: AlertKind[] }
  | { kind: 'confirmed'; email: string; kinds: AlertKind[]; unsubscribe: string }
  | { kind: 'unsubscribe'; action: string; token: string; email: string }
  | { kind: 'unsubscribed'; email: string }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'unavailable' };

/** Each state's title (the document's <title> and the card's heading). */
export const ALERT_LINK_TITLES: Record<AlertLinkProps['kind'], string> = {
  confirm: 'Confirm Your Email Alerts',
  confirmed: 'You Are Subscribed',
  unsubscribe: 'Unsubscribe from Email Alerts',
  unsubscribed: 'You Are Unsubscribed',
  invalid: 'This Link Does Not Work',
  expired: 'This Link Has Expired',
  unavailable: 'Please Try Again Later',
};

/**
 * `gated`: the site asks for its password (SITE_ACCESS=password); then the card links to nothing
 * behind the gate, and says itself what is kept.
 */
export function AlertLinkPage({ gated, ...props }: AlertLinkProps & { gated: boolean }) {
  return (
    <LoginCard className="alert-link" title={ALERT_LINK_TITLES[props.kind]}>
      <Body {...(props as AlertLinkProps)} />
      {gated ? (
        <p className="alert-link__more">We keep a subscriber’s address and choice only until they unsubscribe, and use them only to send these alerts.</p>
      ) : (
        <p className="alert-link__more">
          <a href="/alerts">Email alerts</a>
          <span aria-hidden="true"> · </span>
          <a href="/privacy#email-alerts">How we use your address</a>
        </p>
      )}
    </LoginCard>
  );
}

function Body(props: AlertLinkProps) {
  switch (props.kind) {
    case 'confirm':
      return (
        <>
          <p className="login__text">
            Press the button to receive email alerts for {kindsSentence(props.kinds)} at <strong className="alert-link__email">{props.email}</strong>.
          </p>
          <ActionForm action={props.action} token={props.token} label="Confirm" />
        </>
      );
    case 'confirmed':
      return (
        <>
          <p className="login__text" role="status">
            {props.email} will receive an email when we publish new {kindsSentence(props.kinds)}. Every email has a link to unsubscribe in one click.
          </p>
          <p className="login__text">
            Changed your mind? <a href={props.unsubscribe}>Unsubscribe</a>.
          </p>
        </>
      );
    case 'unsubscribe':
      return (
        <>
          <p className="login__text">
            Press the button and <strong className="alert-link__email">{props.email}</strong> will receive no more email alerts from us.
          </p>
          <ActionForm action={props.action} token={props.token} label="Unsubscribe" />
        </>
      );
    case 'unsubscribed':
      return (
        <p className="login__text" role="status">
          {props.email} will receive no more email alerts from us, and we have deleted the address. You can sign up again at any time.
        </p>
      );
    case 'invalid':
      return <p className="login__text">The link is incomplete or has been changed. Please open it again from the email, or copy the whole address into your browser. Nothing has changed.</p>;
    case 'expired':
      return <p className="login__text">Confirmation links work for {ALERT_CONFIRM_HOURS} hours, and we have kept nothing of your address since. Please sign up again to receive a new link.</p>;
    case 'unavailable':
      return <p className="login__text">A problem on our side stopped us from saving this. Nothing has changed; please open the link again in a few minutes.</p>;
  }
}

/** The one button that does what the link is for: a post with the link's token (opening the link changes nothing). */
function ActionForm({ action, token, label }: { action: string; token: string; label: string }) {
  return (
    <form className="login__form" method="post" action={action}>
      <input type="hidden" name="t" value={token} />
      <button type="submit" className="login__submit">
        {label}
      </button>
    </form>
  );
}
