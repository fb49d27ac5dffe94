/**
 * /careers: the roles open today (a role is shown from the day it is posted through the day it
 * closes: src/app/careers.ts), filtered by office and team — they combine, each option with the
 * number of roles it would show — and paged like the other listings.
 */
import { useQuery } from '../query.ts';
import { Link } from '../router.tsx';
import { Q } from '../types.ts';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { href } from '../paths.ts';
import { formatDate } from '../format.ts';
import type { CareerSummary } from '../careers.ts';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';

const FILTER_LABELS = { office: 'Filter by office', team: 'Filter by team' };
const ROLE: [string, string] = ['role', 'roles'];

export function CareersPage({ data }: PageProps<ListingKeys<'careers'>>) {
  const careers = useQuery(Q.site).data?.contacts.careers ?? '';
  return (
    <FilteredListing
      name="careers"
      listing={data.listing}
      loading="Loading open roles"
      title="Careers"
      description="Open roles at Halden Rowe Capital in New York, London, San Francisco and Singapore: investment, portfolio operations, investor relations, finance, legal and technology."
      eyebrow="Careers"
      lede="We are a firm of about 120 people in four offices. We hire a few people each year, for the long term, and we try to make every step of our process clear and quick."
      heroNote={
        <p className="listing-hero__note">
          No role for you today? Write to <a href={`mailto:${careers}`}>{careers}</a>: we read every letter. We never ask candidates for money or recruit through messaging apps —{' '}
          <Link href={href('page', { slug: 'fraud-notice' })}>see our fraud notice</Link>.
        </p>
      }
      label="Open roles"
      filtersClass="resources-filters portfolio-filters"
      facets={{ labels: FILTER_LABELS, noun: ROLE }}
      items={(l) => l.items.map((r) => <RoleRow key={r.id} role={r} />)}
      gridClass="role-list"
      empty="No open roles match all of these filters."
      pagesLabel="Careers pages"
    />
  );
}

/** One role: its title (the link), team and office, kind of employment and closing date. */
function RoleRow({ role: r }: { role: CareerSummary }) {
  return (
    <li className="role">
      <div className="role__main">
        <p className="role__meta">
          {r.teamLabel} <span aria-hidden="true">·</span> {r.city}
        </p>
        <h2 className="role__title">
          <Link href={r.link} className="role__link">
            {r.title}
          </Link>
        </h2>
        <p className="role__summary">{r.summary}</p>
      </div>
      <dl className="role__facts">
        <div>
          <dt>Type</dt>
          <dd>{r.typeLabel}</dd>
        </div>
        <div>
          <dt>Applications close</dt>
          <dd>
            <time dateTime={r.closes}>{formatDate(r.closes)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}
