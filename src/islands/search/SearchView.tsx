import { hrefOf } from '../../lib/routes';
import type { ReactNode } from 'react';
import type { Category, SearchType } from '../../api/types';
import { AlbumCard, ArtistCard, PlaylistCard } from '../../components/browse/Card';
import { Cover } from '../../components/browse/Cover';
import { PagedView } from '../../components/browse/PagedView';
import { retryHandingFocusOn } from '../../components/browse/PartBody';
import { SectionHeader } from '../../components/browse/SectionHeader';
import { CardSkeletons, GRID_SKELETON_CARDS, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { ErrorScreen } from '../../components/ErrorScreen';
import { placeholderColor } from '../../lib/colors';
import { seeAllHref } from '../../lib/search-query';
import { categoriesList } from '../../stores/browse';
import { hasSeeAll } from '../../lib/see-all';
import { $search, isEmptyResult, runSearch, searchPage } from '../../stores/search';
import { $searchQuery } from '../../stores/search-box';
import '../../styles/content.css';
import '../../styles/search.css';
import { NO_SEARCH_RESULT, SearchStatus } from './SearchStatus';

/** A category of the browse: a coloured tile with its icon, to its playlists. */
function CategoryTile({ category }: { category: Category }) {
  return (
    <a
      className="category-tile"
      href={hrefOf('categoryPlaylists', { categoryId: category.id })}
      style={{ backgroundColor: placeholderColor(category.id) }}
    >
      <span>{category.name}</span>
      <Cover images={category.icons} alt="" size={96} />
    </a>
  );
}

/** No q: "Browse All", the provider's categories. */
function BrowseAll() {
  return (
    <section aria-labelledby="browse-all">
      <h1 id="browse-all" className="page-heading">
        Browse All
      </h1>
      <PagedView list={categoriesList} empty="No Category Available." skeleton={<CardSkeletons count={GRID_SKELETON_CARDS} />}>
        {(categories) => (
          <div className="category-grid">
            {categories.map((category) => (
              <CategoryTile key={category.id} category={category} />
            ))}
          </div>
        )}
      </PagedView>
    </section>
  );
}

/** One results section, hidden when it found nothing; See all at exactly 10 items. */
function ResultSection({ id, title, type, query, items, children }: {
  id: string;
  title: string;
  type: SearchType;
  query: string;
  items: readonly unknown[];
  children: ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} seeAllHref={hasSeeAll(items.length) ? seeAllHref(type, query) : null} />
      {children}
    </section>
  );
}

/**
 * The results while they are on their way: in the browser (a search typed), and on the server
 * while a streamed page waits for the provider (src/pages/search/index.astro), which names the
 * query: the page has its heading meanwhile, as the results' own view gives it in the browser.
 */
export function ResultsSkeleton({ query }: { query?: string }) {
  return (
    <div className="page-stack" aria-busy="true">
      {query === undefined ? null : <h1 className="visually-hidden">Search results for {query}</h1>}
      {/* SPEC §9: 10 rows for a track list, as many as the Songs section holds. */}
      <RowSkeletons />
      <CardSkeletons row />
    </div>
  );
}

/** q: Songs, Artist, Album and Playlist, or "No Search Result Found". */
function Results() {
  const { query } = useStore($search);
  // Every state of the page has its heading: the results, none found, a failed search, and the
  // skeleton meanwhile (axe's page-has-heading-one; a screen reader's list of headings).
  return (
    <>
      <h1 className="visually-hidden">Search results for {query}</h1>
      <SearchStatus />
      <ResultsState />
    </>
  );
}

/** What the search found, in each of its states. */
function ResultsState() {
  const { query, loading, error, results } = useStore($search);
  // Asking again can help (the provider's moment passes), as on every list page.
  if (error) {
    return (
      <ErrorScreen kind="something_went_wrong">
        <button type="button" className="button button--ghost" data-needs-script onClick={() => retryHandingFocusOn(() => void runSearch(query))}>
          Try again
        </button>
      </ErrorScreen>
    );
  }
  if (!results || loading) return <ResultsSkeleton />;
  if (isEmptyResult(results)) return <ErrorScreen kind="data_not_found" title={NO_SEARCH_RESULT} />;
  const { tracks, artists, albums, playlists } = results;
  return (
    <div className="page-stack">
      <ResultSection id="songs" title="Songs" type="track" query={query} items={tracks.items}>
        <TrackList tracks={tracks.items} numbered={false} label="Songs" />
      </ResultSection>
      <ResultSection id="artists" title="Artist" type="artist" query={query} items={artists.items}>
        <div className="card-row">
          {artists.items.map((artist) => (
            <ArtistCard key={artist.id} artist={artist} toggle />
          ))}
        </div>
      </ResultSection>
      <ResultSection id="albums" title="Album" type="album" query={query} items={albums.items}>
        <div className="card-row">
          {albums.items.map((album) => (
            <AlbumCard key={album.id} album={album} toggle />
          ))}
        </div>
      </ResultSection>
      <ResultSection id="playlists" title="Playlist" type="playlist" query={query} items={playlists.items}>
        <div className="card-row">
          {playlists.items.map((playlist) => (
            <PlaylistCard key={playlist.id} playlist={playlist} />
          ))}
        </div>
      </ResultSection>
    </div>
  );
}

/** /search: the category browse without q, the results with it (SPEC §2, §5). */
function SearchViewBody() {
  return useStore($searchQuery) === '' ? <BrowseAll /> : <Results />;
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const SearchView = withErrorBoundary(withCarriedSeed(seededAreaView(searchPage, SearchViewBody)));
