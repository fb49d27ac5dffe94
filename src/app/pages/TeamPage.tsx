/**
 * /team: Leadership (title contains "Managing Partner", 3 columns) and Investment Team (4 columns),
 * filtered by office, strategy and sector (?office=&strategy=&sector=: they combine, each option
 * with the number of people it would show). The whole team is one small list the page holds, so
 * a filter is applied here, from the URL: a GET form without JavaScript, the URL replaced after.
 */
import { useRef, type MouseEvent } from 'react';
import { useQuery, type QueryKey } from '../query.ts';
import { Link, useLocation, useRouter } from '../router.tsx';
import { href } from '../paths.ts';
import { Q, type TeamMember } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { Img } from '../components/Img.tsx';
import { FilterBar, FiltersDisclosure, ResultCount } from '../components/FilterBar.tsx';
import { ALL } from '../filters.ts';
import { officeCity } from '../offices.ts';
import { TEAM_FILTERS, firstSentence, isLeader, selectTeam, teamFilterOptions, teamHref, type TeamFilter } from '../team.ts';
import { Block, Cta } from '../components/Block.tsx';

const FILTER_LABELS: Record<TeamFilter, string> = { office: 'Filter by office', strategy: 'Filter by strategy', sector: 'Filter by sector' };
const PERSON: [string, string] = ['person', 'people'];

export function TeamPage({ data }: PageProps<{ team: QueryKey<TeamMember[]> }>) {
  const team = useQuery(data.team);
  const site = useQuery(Q.site).data;
  const { search } = useLocation();
  const { navigate } = useRouter();
  const filtersRef = useRef<HTMLDivElement>(null);
  if (team.status === 'pending') return <Spinner label="Loading team" />;
  if (team.status === 'error') return <PageError error={team.error} />;
  const options = site ? teamFilterOptions(site) : undefined;
  const selection = options ? selectTeam(team.data, options, new URLSearchParams(search)) : undefined;
  const shown = selection?.members ?? team.data;
  const leaders = shown.filter(isLeader);
  const others = shown.filter((m) => !isLeader(m));
  const careers = site?.contacts.careers ?? '';
  const clearAll = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    navigate(href('team'), { replace: true, scroll: false });
    // The empty state (and this button) goes away: continue from the first filter, scrolled into
    // view (on a phone the filters are folded in "Filters (n)", and far above: open them first).
    requestAnimationFrame(() => {
      filtersRef.current?.closest('details')?.setAttribute('open', '');
      filtersRef.current?.querySelector('button')?.focus();
    });
  };
  return (
    <>
      <PageMeta title="Our Team" description="The partners and investment professionals of Halden Rowe Capital: sector specialists, operators and long-term stewards of capital." />
      <PageHero
        eyebrow="About"
        title="Our Team"
        lede={`${site?.professionals ?? '45+'} investment professionals across New York, London, San Francisco and Singapore, organized around the sectors we know best.`}
        image={site?.teamImage}
      />
      {options && selection && (
        <section className="block team-filters" aria-label="Filter the team">
          <div className="container">
            <FiltersDisclosure active={TEAM_FILTERS.filter((f) => selection.selected[f] !== ALL).length}>
              <div className="resources-filters portfolio-filters" ref={filtersRef}>
                {TEAM_FILTERS.map((f) => (
                  <FilterBar
                    key={f}
                    label={FILTER_LABELS[f]}
                    name={f}
                    selected={selection.selected[f]}
                    options={[{ value: ALL, label: 'All' }, ...options[f]].map((o) => ({
                      value: o.value,
                      label: o.label,
                      href: teamHref(selection.selected, { [f]: o.value }),
                      count: { n: selection.counts[f][o.value] ?? 0, noun: PERSON },
                    }))}
                  />
                ))}
              </div>
            </FiltersDisclosure>
            <ResultCount count={shown.length} visible />
            {shown.length === 0 && (
              <div className="resources-empty">
                <p className="resources-empty__text">No one on the team matches all of these filters.</p>
                {/* Without JavaScript the form simply loads the whole team. */}
                <form method="get" action={href('team')} role="none">
                  <button type="submit" className="button button--outline" onClick={clearAll}>
                    Clear all filters
                  </button>
                </form>
              </div>
            )}
          </div>
        </section>
      )}
      {leaders.length > 0 && (
        <Block id="leadership" heading="Leadership">
          <ul className="team-grid team-grid--leaders">
            {leaders.map((m) => (
              <Person key={m.id} member={m} leader />
            ))}
          </ul>
        </Block>
      )}
      {others.length > 0 && (
        <Block id="investment-team" heading="Investment Team" className="block--tint">
          <ul className="team-grid team-grid--team">
            {others.map((m) => (
              <Person key={m.id} member={m} />
            ))}
          </ul>
        </Block>
      )}
      <Cta
        id="join"
        heading="Join Our Team"
        text="We look for curious, rigorous people who want to build businesses, not just trade them. See the roles open across our offices, or tell us about yourself."
      >
        {/* The address is the link's visible text, in a line of its own: a button label never wraps mid-address on a phone. */}
        <div className="cta__actions cta__actions--mail">
          <Link className="button button--accent" href={href('careers')}>
            View Open Roles
          </Link>
          <p className="cta__address">
            Or write to <a href={`mailto:${careers}`}>{careers}</a>
          </p>
        </div>
      </Cta>
    </>
  );
}

/** One person in the team grid: leaders are larger and show the first sentence of their bio. */
function Person({ member: m, leader = false }: { member: TeamMember; leader?: boolean }) {
  const site = useQuery(Q.site).data;
  return (
    <li className={leader ? 'person person--leader' : 'person'}>
      <Img
        image={m.image}
        alt={`Portrait of ${m.name}`}
        sizes={leader ? '(min-width: 1100px) 30vw, (min-width: 700px) 45vw, 100vw' : '(min-width: 1100px) 22vw, (min-width: 700px) 30vw, 50vw'}
        className="person__img"
      />
      <h3 className="person__name">
        <Link href={href('teamMember', { id: m.id })} className="person__link">
          {m.name}
        </Link>
      </h3>
      <p className="person__title">{m.title}</p>
      <p className="person__office">{officeCity(site, m.office)}</p>
      {leader && <p className="person__bio">{firstSentence(m.bio)}</p>}
    </li>
  );
}
