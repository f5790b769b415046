import type { ReactNode } from 'react';
import type { ItemsShown, ListPageName } from '../../api/list-pages';
import type { ListSeed } from '../../api/page-seeds';
import { AlbumGrid, ArtistGrid } from '../../components/browse/Card';
import { PagedView } from '../../components/browse/PagedView';
import { CardSkeletons, GRID_SKELETON_CARDS, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SeededIsland } from '../../components/server-snapshot';
import { listPageAreas, type ListPageArea } from '../../stores/list-pages';
import '../../styles/content.css';
import '../../styles/library.css';

interface ListPageProps {
  /** Which page of one list (LIST_PAGES): its list, its routes and what its items stand for. */
  page: ListPageName;
  /** The page's heading, and the name its track list is announced by. */
  title: string;
  /** SPEC's words for an empty list, where it has some. */
  empty?: string;
}

/** The items of a page, as tiles or rows: what each stands for (`ItemsShown`) decides. */
function itemsAs<T>(shows: ItemsShown<T>, items: T[], title: string): ReactNode {
  switch (shows.as) {
    case 'albums':
      return <AlbumGrid albums={items.map(shows.albumOf)} />;
    case 'artists':
      return <ArtistGrid artists={items.map(shows.artistOf)} />;
    case 'tracks':
      // The list plays from the clicked track.
      return <TrackList tracks={items.map(shows.trackOf)} showAlbum label={title} />;
  }
}

function ListPageBody({ page, title, empty }: ListPageProps) {
  const { list, shows } = listPageAreas[page] as ListPageArea<unknown>;
  return (
    <>
      <h1 className="page-heading">{title}</h1>
      <PagedView list={list} empty={empty} skeleton={shows.as === 'tracks' ? <RowSkeletons /> : <CardSkeletons count={GRID_SKELETON_CARDS} />}>
        {(items) => itemsAs(shows, items, title)}
      </PagedView>
    </>
  );
}

/**
 * Any page of one list (src/api/list-pages.ts LIST_PAGES), as the server rendered it (its seed);
 * the browser asks only for the pages after the first. The page file names the list and gives
 * its words: `<ListPageView client:intent page="likedSongs" title="Liked Songs" … />`.
 */
export const ListPageView = withErrorBoundary(
  withCarriedSeed<ListSeed<unknown>, ListPageProps>(function ListPageView({ seed, ...props }: ListPageProps & { seed: ListSeed<unknown> }) {
    const { area } = listPageAreas[props.page] as ListPageArea<unknown>;
    return (
      <SeededIsland snapshot={() => area.snapshotOf(seed)} adopt={() => area.adopt(seed)}>
        <ListPageBody {...props} />
      </SeededIsland>
    );
  }),
);
