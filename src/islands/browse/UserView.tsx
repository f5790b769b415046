import { NOT_FOUND } from '../../lib/page-not-found';
import { PlaylistGrid } from '../../components/browse/Card';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { LibraryButton } from '../../components/browse/LibraryButton';
import { PagedView } from '../../components/browse/PagedView';
import { SectionHeader } from '../../components/browse/SectionHeader';
import { CardSkeletons } from '../../components/browse/Skeletons';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { formatCount } from '../../lib/format';
import { isNamed } from '../../lib/page-title';
import type { UserProfile } from '../../api/types';
import { $user, userArea, userPlaylists } from '../../stores/user';
import '../../styles/content.css';

/** Development mode: other users' profiles are gone (DESIGN §2). */
const UNAVAILABLE = { heading: 'Profile', what: "This user's profile" };

/** The user's header: their image 1 (SPEC §3), name, followers and Follow. */
function UserHeader({ user, background }: { user: UserProfile; background: string }) {
  const images = user.images.length > 1 ? user.images.slice(1) : user.images;
  const name = isNamed(user.displayName) ? user.displayName : user.id;
  return (
    <DetailHeader
      images={images}
      type="Profile"
      name={name}
      round
      background={background}
      meta={formatCount(user.followers) || null}
      action={<LibraryButton kind="user" id={user.id} name={name} />}
    />
  );
}

/** /user/{id}: another user's profile (SPEC §3: their image 1), followers, Follow, public playlists. */
function UserViewBody() {
  const state = useStore($user);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.user} unavailable={UNAVAILABLE} reload={userArea.load}>
      {(user) => (
        <>
          <UserHeader user={user} background={state.background} />
          <section aria-labelledby="public-playlists">
            <SectionHeader id="public-playlists" title="Public Playlists" />
            <PagedView list={userPlaylists} empty="No Playlist Available" skeleton={<CardSkeletons />}>
              {(playlists) => <PlaylistGrid playlists={playlists} />}
            </PagedView>
          </section>
        </>
      )}
    </DetailPage>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const UserView = withErrorBoundary(withCarriedSeed(seededAreaView(userArea, UserViewBody)));

/**
 * The user page while the server still asks for their playlists (the page streams,
 * Streamed.astro): the header as it will be, skeleton cards where the playlists come. Rendered
 * once, on the server, without ids or an island: the page that follows it carries them.
 */
function UserHeadBody() {
  const state = useStore($user);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.user} unavailable={UNAVAILABLE}>
      {(user) => (
        <>
          <UserHeader user={user} background={state.background} />
          <CardSkeletons />
        </>
      )}
    </DetailPage>
  );
}

/** The user page's first part, from the head of its seed (the user and their Follow flag). */
export const UserHead = seededAreaView(userArea, UserHeadBody);
