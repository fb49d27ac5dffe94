import { Link } from '../router.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PATHS } from '../paths.ts';

/** 404 for unknown paths and unknown ids (served with status 404 by the server). */
export function NotFoundPage() {
  return (
    <section className="not-found container">
      <PageMeta title="Page Not Found" description="The page you were looking for could not be found on the Halden Rowe Capital website." />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">
        <span className="visually-hidden">404 </span>Page Not Found
      </h1>
      <p className="not-found__text">The page you were looking for has moved or no longer exists. Check the address, or continue from one of these pages.</p>
      <ul className="not-found__links">
        <li>
          <Link href="/" className="button button--primary">
            Go to the home page
          </Link>
        </li>
        <li>
          <Link href={PATHS.resources} className="button button--outline">
            Browse resources
          </Link>
        </li>
        <li>
          <Link href={PATHS.contact} className="button button--outline">
            Contact us
          </Link>
        </li>
      </ul>
    </section>
  );
}
