/** /team/{id}: profile with bio, email, experience, education, expertise; 404 for unknown ids. */
import { useQuery } from '../query.ts';
import { Link } from '../router.tsx';
import { Q, type TeamMemberDetail } from '../types.ts';
import { href } from '../paths.ts';
import { facetLabel } from '../portfolio.ts';
import { PRACTICE_AREAS } from '../nav-links.ts';
import { officeCity } from '../offices.ts';
import { teamHref } from '../team.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { BackLink, itemPage } from '../components/Loaded.tsx';
import { Img } from '../components/Img.tsx';
import { Prose } from '../components/Prose.tsx';
import { firstSentence } from '../team.ts';

export const TeamMemberPage = itemPage('member', 'Loading profile', Profile);

/** A member's strategies or sectors, as one fact of the profile (none: no fact). */
function AreasFact({ facet, values, names }: { facet: 'strategy' | 'sector'; values: string[]; names: [string, string] }) {
  if (!values.length) return null;
  return (
    <div className="profile__fact">
      <dt>{values.length === 1 ? names[0] : names[1]}</dt>
      <dd>
        <Areas facet={facet} values={values} />
      </dd>
    </div>
  );
}

/** A strategy or sector: a link to its page (Industrials has none), in a comma-separated line. */
function Areas({ facet, values }: { facet: 'strategy' | 'sector'; values: string[] }) {
  return values.map((v, i) => {
    const label = facetLabel(facet, v);
    const page = PRACTICE_AREAS.some((a) => a.id === v);
    return (
      <span key={v}>
        {i > 0 && ', '}
        {page ? <Link href={href('page', { slug: v })}>{label}</Link> : label}
      </span>
    );
  });
}

function Profile({ item: m }: { item: TeamMemberDetail }) {
  const site = useQuery(Q.site).data;
  const city = officeCity(site, m.office);
  const lists: [string, string[]][] = [
    ['Experience', m.experience],
    ['Education', m.education],
    ['Expertise', m.expertise],
  ];
  return (
    <article className="profile">
      <PageMeta title={m.name} description={`${m.name}, ${m.title}. ${firstSentence(m.bio)}`.slice(0, 160)} person={{ name: m.name, jobTitle: m.title, email: m.email }} />
      <div className="container">
        <BackLink href={href('team')} label="Back to team" />
        <div className="profile__grid">
          <div className="profile__aside">
            <Img image={m.image} alt={`Portrait of ${m.name}`} sizes="(min-width: 900px) 32vw, 100vw" priority className="profile__img" />
            <a className="profile__email" href={`mailto:${m.email}`}>
              {m.email}
            </a>
          </div>
          <div className="profile__main">
            <p className="eyebrow">Team</p>
            <h1 className="profile__name">{m.name}</h1>
            <p className="profile__title">{m.title}</p>
            {/* Where they work and what they invest in: each leads on (colleagues in the office, the strategy's or sector's page). */}
            <dl className="profile__facts">
              <div className="profile__fact">
                <dt>Office</dt>
                <dd>
                  <Link href={teamHref({ office: 'All', strategy: 'All', sector: 'All' }, { office: m.office })}>{city}</Link>
                </dd>
              </div>
              <AreasFact facet="strategy" values={m.strategies} names={['Strategy', 'Strategies']} />
              <AreasFact facet="sector" values={m.sectors} names={['Sector', 'Sectors']} />
            </dl>
            <div className="prose prose--large">
              <Prose blocks={m.body.intro} />
            </div>
            <div className="profile__lists">
              {lists.map(([title, items]) => (
                <section key={title} className="profile__list" aria-labelledby={`profile-${title.toLowerCase()}`}>
                  <h2 id={`profile-${title.toLowerCase()}`} className="section-label">
                    {title}
                  </h2>
                  <ul className={title === 'Expertise' ? 'tags' : 'plain-list'}>
                    {items.map((x) => (
                      <li key={x}>{x}</li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
