/** SPEC §9: 10 skeleton rows for track lists, 20 for the see-all search. */
export const TRACK_SKELETON_ROWS = 10;
/** Placeholder cards of a page's grid (SPEC §9 gives no count for cards): as many as the list islands show while they load. */
export const GRID_SKELETON_CARDS = 12;

/**
 * What a loading placeholder (a status region) says to a screen reader: its words as its text,
 * hidden from sight. A status region's name (aria-label) is not read out, its text is; the name
 * stays, for what looks for the region by it.
 */
export function LoadingWords({ words = 'Loading' }: { words?: string }) {
  return <span className="visually-hidden">{words}</span>;
}

/** Placeholder rows while a track list loads (announced once to assistive technology). */
export function RowSkeletons({ count = TRACK_SKELETON_ROWS }: { count?: number }) {
  return (
    <div className="skeletons" role="status" aria-label="Loading">
      <LoadingWords />
      {Array.from({ length: count }, (_value, index) => (
        <div key={index} className="skeleton-row" data-testid="skeleton-row">
          <span className="skeleton skeleton--cover" />
          <span className="skeleton-row__text">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * Placeholder cards while a card row or grid loads. `row` for a section whose cards come as one
 * sideways row (.card-row): a grid's several lines would collapse into one and shift what follows.
 */
export function CardSkeletons({ count = 6, row = false }: { count?: number; row?: boolean }) {
  return (
    <div className={row ? 'card-row' : 'card-grid'} role="status" aria-label="Loading">
      <LoadingWords />
      {Array.from({ length: count }, (_value, index) => (
        <div key={index} className="card card--skeleton" data-testid="skeleton-card">
          <span className="skeleton skeleton--square" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

/** The header of a detail page while it loads. */
export function HeaderSkeleton() {
  return (
    <div className="detail-header detail-header--skeleton" role="status" aria-label="Loading">
      <LoadingWords />
      <span className="skeleton detail-header__cover" />
      <span className="detail-header__text">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" />
      </span>
    </div>
  );
}

/**
 * A page of one list while the server still asks the provider for it (the page streams:
 * Streamed.astro): its heading, then the list's placeholders as its island shows them while it
 * loads: SPEC §9's rows for tracks, cards for the rest.
 */
export function ListPageSkeleton({ title, items }: { title: string; items: 'rows' | 'cards' }) {
  return (
    <>
      <h1 className="page-heading">{title}</h1>
      {items === 'rows' ? <RowSkeletons /> : <CardSkeletons count={GRID_SKELETON_CARDS} />}
    </>
  );
}
