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
import { $user, userArea, userPlaylists } from '../../stores/user';
import '../../styles/content.css';

/** /user/{id}: another user's profile (SPEC §3: their image 1), followers, Follow, public playlists. */
function UserViewBody() {
  const state = useStore($user);
  return (
    <DetailPage state={state} notFound="User Not Found" unavailable={{ heading: 'Profile', what: "This user's profile" }}>
      {(user) => {
        const images = user.images.length > 1 ? user.images.slice(1) : user.images;
        const name = isNamed(user.displayName) ? user.displayName : user.id;
        return (
          <>
            <DetailHeader
              images={images}
              type="Profile"
              name={name}
              round
              background={state.background}
              meta={formatCount(user.followers) || null}
              action={<LibraryButton kind="user" id={user.id} name={name} />}
            />
            <section aria-labelledby="public-playlists">
              <SectionHeader id="public-playlists" title="Public Playlists" />
              <PagedView list={userPlaylists} empty="No Playlist Available" skeleton={<CardSkeletons />}>
                {(playlists) => (
                  <PlaylistGrid playlists={playlists} />
                )}
              </PagedView>
            </section>
          </>
        );
      }}
    </DetailPage>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const UserView = withErrorBoundary(withCarriedSeed(seededAreaView(userArea, UserViewBody)));
