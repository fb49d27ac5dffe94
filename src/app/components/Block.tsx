/**
 * A section of a page labelled by its heading, the site's unit of layout: `<section class="block …">`
 * around a container that opens with the section's <h2> (alone, or in a head of its own with what
 * stands beside it: an introduction, a link), then the section's content.
 */
import type { ReactNode } from 'react';

interface Props {
  /** The heading's id, which labels the section. */
  id: string;
  heading: ReactNode;
  /** The section's classes besides "block". */
  className?: string;
  /** The container's classes besides "container". */
  inner?: string;
  headingClass?: string;
  /** The class of a head that holds the heading and `aside`. */
  head?: string;
  aside?: ReactNode;
  children?: ReactNode;
}

export function Block({ id, heading, className, inner, headingClass = 'block__heading', head, aside, children }: Props) {
  const h2 = (
    <h2 id={id} className={headingClass}>
      {heading}
    </h2>
  );
  return (
    <section className={className ? `block ${className}` : 'block'} aria-labelledby={id}>
      <div className={inner ? `container ${inner}` : 'container'}>
        {head ? (
          <div className={head}>
            {h2}
            {aside}
          </div>
        ) : (
          h2
        )}
        {children}
      </div>
    </section>
  );
}

/** A closing call to action: its heading, a line of text, then its actions. */
export function Cta({ id, heading, text, className, children }: { id: string; heading: ReactNode; text: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Block id={id} heading={heading} className={className ? `block--cta ${className}` : 'block--cta'} inner="cta" headingClass="cta__heading">
      <p className="cta__text">{text}</p>
      {children}
    </Block>
  );
}
