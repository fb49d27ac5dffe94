import { Link } from '../router.tsx';
import { href } from '../paths.ts';

/** The listings' way to the alerts (/research, /press-releases, /news-updates): a line under the hero. */
export function AlertsNote({ what }: { what: string }) {
  return (
    <p className="listing-hero__note">
      Receive new {what} by email: <Link href={href('alerts')}>sign up for alerts</Link>
    </p>
  );
}
