/**
 * /contact: the New York headquarters and the firm's addresses, the other offices, and the
 * message form. After a form post without JavaScript the server redirects back here with
 * ?sent=1 or ?error=<fields>, and this page shows the outcome (server-rendered, like any page).
 */
import { useQuery, useQueryClient } from '../query.ts';
import { Link, useLocation } from '../router.tsx';
import { href } from '../paths.ts';
import { Q } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { ContactForm, CONTACT_DRAFT_KEY, type ContactFormInitial } from '../components/ContactForm.tsx';
import type { ContactInput } from '../contact-validation.ts';
import { parseErrorFields } from '../contact-validation.ts';
import { Block } from '../components/Block.tsx';
import { ContactLayout } from '../components/FormParts.tsx';

/** The form's starting state from the query string of a no-JavaScript round trip. */
export function contactFormInitial(search: string): ContactFormInitial {
  const q = new URLSearchParams(search);
  if (q.get('sent') === '1') return { kind: 'sent' };
  const error = q.get('error');
  if (error === 'throttled') return { kind: 'throttled' };
  const fields = parseErrorFields(error);
  return fields.length ? { kind: 'errors', fields } : { kind: 'fresh' };
}

/**
 * The page the server answers a no-JavaScript post with carries what the visitor typed: with the
 * field errors of ?error= (the validator refused it), or on its own (the store failed).
 */
function withDraft(initial: ContactFormInitial, typed: ContactInput | undefined): ContactFormInitial {
  if (!typed) return initial;
  return initial.kind === 'errors' ? { ...initial, values: typed } : { kind: 'failed', values: typed };
}

export function ContactPage() {
  const location = useLocation();
  const site = useQuery(Q.site);
  // Set only on the page the server answers a no-JavaScript post with (refused or not stored).
  const draft = useQueryClient().get(CONTACT_DRAFT_KEY);
  if (site.status === 'pending') return <Spinner label="Loading contact details" />;
  if (site.status === 'error') return <PageError error={site.error} />;
  const s = site.data;
  const c = s.contacts;
  const emails = [
    { label: 'General inquiries', href: `mailto:${c.general}`, text: c.general },
    { label: 'Phone', href: c.phoneHref, text: c.phone },
    { label: 'Investor Relations', href: `mailto:${c.investorRelations}`, text: c.investorRelations },
    { label: 'Press', href: `mailto:${c.press}`, text: c.press },
  ];
  return (
    <>
      <PageMeta
        title="Contact"
        description="Contact Halden Rowe Capital: our New York headquarters, investor relations and press contacts, offices in London, San Francisco and Singapore, and a form to send us a message."
      />
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lede="Whether you lead a company, allocate capital or write about our industry, we would like to hear from you. Reach the right team directly, or send us a message below."
      />

      <ContactLayout
        label="Contact details and message form"
        detailsLabel="Headquarters"
        details={
          <>
            <div className="contact-hq">
              <h3 className="contact-hq__name">{s.headquarters.name}</h3>
              <Address lines={s.headquarters.lines} />
            </div>
            <dl className="contact-list">
              {emails.map((e) => (
                <div key={e.label} className="contact-list__item">
                  <dt className="contact-list__label">{e.label}</dt>
                  <dd className="contact-list__value">
                    <a href={e.href} className="contact-link">
                      {e.text}
                    </a>
                  </dd>
                </div>
              ))}
            </dl>
            {/* Impersonators use firms' names and contact pages: the notice says how to check a contact is us. */}
            <p className="notice contact-fraud">
              Received an investment offer, a request for payment or a job offer in our name through social media or a messaging app? It is not from us.{' '}
              <Link href={href('page', { slug: 'fraud-notice' })}>Read our fraud notice</Link> to check a contact and report it.
            </p>
          </>
        }
        form="contact-form"
        title="Send Us a Message"
        intro="Tell us who you are and what you would like to discuss. A member of the relevant team will reply by email, usually within two business days."
      >
        <ContactForm initial={withDraft(contactFormInitial(location.search), draft.status === 'success' ? draft.data : undefined)} fallbackEmail={c.general} />
      </ContactLayout>

      <Block id="contact-offices-title" heading="Our Offices" className="block--tint contact-offices">
        <ul className="contact-offices__grid">
          <li className="contact-office contact-office--hq">
            <h3 className="contact-office__city">New York</h3>
            <p className="contact-office__tag">Headquarters</p>
            <Address lines={s.headquarters.lines} />
            <a href={c.phoneHref} className="contact-link contact-office__phone">
              <span className="visually-hidden">New York phone: </span>
              {c.phone}
            </a>
          </li>
          {s.offices.map((o) => (
            <li key={o.city} className="contact-office">
              <h3 className="contact-office__city">{o.city}</h3>
              <Address lines={o.lines} />
              <a href={o.phoneHref} className="contact-link contact-office__phone">
                <span className="visually-hidden">{o.city} phone: </span>
                {o.phone}
              </a>
            </li>
          ))}
        </ul>
      </Block>
    </>
  );
}

/** A postal address, one line per span (styled as lines, read as one address). */
function Address({ lines }: { lines: string[] }) {
  return (
    <address className="contact-address">
      {lines.map((line) => (
        <span key={line} className="contact-address__line">
          {line}
        </span>
      ))}
    </address>
  );
}
