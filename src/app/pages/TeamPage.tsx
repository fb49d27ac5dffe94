/** /team: Leadership (title contains "Managing Partner", 3 columns) and Investment Team (4 columns). */
import { useQuery, type QueryKey } from '../query.ts';
import { Link } from '../router.tsx';
import { href } from '../paths.ts';
import { Q, type TeamMember } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { Img } from '../components/Img.tsx';
import { firstSentence, isLeader } from '../team.ts';

export function TeamPage({ data }: PageProps<{ team: QueryKey<TeamMember[]> }>) {
  const team = useQuery(data.team);
  const site = useQuery(Q.site).data;
  if (team.status === 'pending') return <Spinner label="Loading team" />;
  if (team.status === 'error') return <PageError error={team.error} />;
  const leaders = team.data.filter(isLeader);
  const others = team.data.filter((m) => !isLeader(m));
  const careers = site?.contacts.careers ?? '';
  return (
    <>
      <PageMeta title="Our Team" description="The partners and investment professionals of Halden Rowe Capital: sector specialists, operators and long-term stewards of capital." />
      <PageHero
        eyebrow="About"
        title="Our Team"
        lede={`${site?.professionals ?? '45+'} investment professionals across New York, London, San Francisco and Singapore, organized around the sectors we know best.`}
        image={site?.teamImage}
      />
      <section className="block" aria-labelledby="leadership">
        <div className="container">
          <h2 id="leadership" className="block__heading">
            Leadership
          </h2>
          <ul className="team-grid team-grid--leaders">
            {leaders.map((m) => (
              <Person key={m.id} member={m} leader />
            ))}
          </ul>
        </div>
      </section>
      <section className="block block--tint" aria-labelledby="investment-team">
        <div className="container">
          <h2 id="investment-team" className="block__heading">
            Investment Team
          </h2>
          <ul className="team-grid team-grid--team">
            {others.map((m) => (
              <Person key={m.id} member={m} />
            ))}
          </ul>
        </div>
      </section>
      <section className="block block--cta" aria-labelledby="join">
        <div className="container cta">
          <h2 id="join" className="cta__heading">
            Join Our Team
          </h2>
          <p className="cta__text">We look for curious, rigorous people who want to build businesses, not just trade them. Tell us about yourself.</p>
          {/* The address is the link's visible text, in a line of its own: a button label never wraps mid-address on a phone. */}
          <div className="cta__actions cta__actions--mail">
            <a className="button button--accent" href={`mailto:${careers}`} aria-describedby="join-address">
              Write to Us
            </a>
            <p id="join-address" className="cta__address">
              {careers}
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

/** One person in the team grid: leaders are larger and show the first sentence of their bio. */
function Person({ member: m, leader = false }: { member: TeamMember; leader?: boolean }) {
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
      {leader && <p className="person__bio">{firstSentence(m.bio)}</p>}
    </li>
  );
}
