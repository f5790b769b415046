interface SectionHeaderProps {
  title: string;
  /** Where See all goes; no link when absent (SPEC §2: the button is optionally hidden). */
  seeAllHref?: string | null;
  id?: string;
}

/** SPEC §2's reusable section header: a title and an optional "See all". */
export function SectionHeader({ title, seeAllHref, id }: SectionHeaderProps) {
  return (
    <div className="section-header">
      <h2 id={id} className="section-header__title">
        {title}
      </h2>
      {seeAllHref ? (
        <a className="section-header__see-all" href={seeAllHref}>
          See all
        </a>
      ) : null}
    </div>
  );
}
