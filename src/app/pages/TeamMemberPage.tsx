/** /team/{id}: profile with bio, email, experience, education, expertise; 404 for unknown ids. */
import { useQuery, type QueryKey } from '../query.ts';
import { Link } from '../router.tsx';
import type { TeamMemberDetail } from '../types.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { Loaded } from '../components/Loaded.tsx';
import { Img } from '../components/Img.tsx';
import { Prose } from '../components/Prose.tsx';
import { firstSentence } from '../team.ts';

export function TeamMemberPage({ data }: PageProps<{ member: QueryKey<TeamMemberDetail> }>) {
  const member = useQuery(data.member);
  return (
    <Loaded state={member} loading="Loading profile">
      {(m) => <Profile m={m} />}
    </Loaded>
  );
}

function Profile({ m }: { m: TeamMemberDetail }) {
  const lists: [string, string[]][] = [
    ['Experience', m.experience],
    ['Education', m.education],
    ['Expertise', m.expertise],
  ];
  return (
    <article className="profile">
      <PageMeta title={m.name} description={`${m.name}, ${m.title}. ${firstSentence(m.bio)}`.slice(0, 160)} person={{ name: m.name, jobTitle: m.title, email: m.email }} />
      <div className="container">
        <Link href={href('team')} className="back-link">
          <span aria-hidden="true">←</span> Back to team
        </Link>
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
