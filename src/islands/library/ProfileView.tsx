import { NOT_FOUND } from '../../lib/page-not-found';
import { hrefOf } from '../../lib/routes';
import type { ReactNode } from 'react';
import { ArtistCard } from '../../components/browse/Card';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { SectionHeader } from '../../components/browse/SectionHeader';
import { CardSkeletons, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { formatCount } from '../../lib/format';
import { sectionStateOf, showsSection, type Section } from '../../lib/part-state';
import { PartBody } from '../../components/browse/PartBody';
import { ERROR_SCREENS } from '../../components/error-texts';
import { hasSeeAll } from '../../lib/see-all';
import { $profile, profileArea, profilePage } from '../../stores/profile';
import type { UserProfile } from '../../api/types';
import '../../styles/content.css';
import '../../styles/library.css';

/**
 * A profile section: hidden when it failed (SPEC §4); empty, its title over SPEC §8's 'Empty Data'
 * (SPEC §4: an empty list says so), or a new account's profile was a header over a blank band.
 * See all at exactly 10 items.
 */
function ProfileSection<T>({ id, title, href, section, skeleton, children }: {
  id: string;
  title: string;
  href: string;
  section: Section<T>;
  skeleton: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const state = sectionStateOf(section);
  if (!showsSection(state, { saysEmpty: true })) return null;
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} seeAllHref={hasSeeAll(section.items.length) ? href : null} />
      <PartBody state={state} skeleton={skeleton} empty={ERROR_SCREENS.data_not_found.title} compact>
        {() => children(section.items)}
      </PartBody>
    </section>
  );
}

/** The own profile's header: image 0 (SPEC §3), name and followers. */
function ProfileHeader({ me, background }: { me: UserProfile; background: string }) {
  return <DetailHeader images={me.images.slice(0, 1)} type="Profile" name={me.displayName || me.id} round background={background} meta={formatCount(me.followers) || null} />;
}

/** /user/me: the own profile (SPEC §3: image 0), followers, Top artists, Top tracks, Your Following. */
function ProfileViewBody() {
  const state = useStore($profile);
  const { topArtists, topTracks, following } = state.sections;
  return (
    <DetailPage state={state} notFound={NOT_FOUND.profile} reload={profileArea.load}>
      {(me) => (
        <>
          <ProfileHeader me={me} background={state.background} />
          <div className="page-stack">
            <ProfileSection id="top-artists" title="Top artists this month" href={hrefOf('myTopArtists')} section={topArtists} skeleton={<CardSkeletons row />}>
              {(artists) => (
                <div className="card-row">
                  {artists.map((artist) => (
                    <ArtistCard key={artist.id} artist={artist} toggle />
                  ))}
                </div>
              )}
            </ProfileSection>
            <ProfileSection id="top-tracks" title="Top tracks this month" href={hrefOf('myTopTracks')} section={topTracks} skeleton={<RowSkeletons />}>
              {(tracks) => <TrackList tracks={tracks} showAlbum label="Top tracks this month" />}
            </ProfileSection>
            <ProfileSection id="your-following" title="Your Following" href={hrefOf('myFollowing')} section={following} skeleton={<CardSkeletons row />}>
              {(artists) => (
                <div className="card-row">
                  {artists.map((artist) => (
                    <ArtistCard key={artist.id} artist={artist} toggle />
                  ))}
                </div>
              )}
            </ProfileSection>
          </div>
        </>
      )}
    </DetailPage>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const ProfileView = withErrorBoundary(withCarriedSeed(seededAreaView(profilePage, ProfileViewBody)));

/**
 * The own profile while the server still asks for its sections (the page streams,
 * Streamed.astro): the header as it will be, skeletons where Top artists, Top tracks and Your
 * Following come, in their order. Rendered once, on the server, without ids or an island: the
 * page that follows it carries them.
 */
function ProfileHeadBody() {
  const state = useStore($profile);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.profile}>
      {(me) => (
        <>
          <ProfileHeader me={me} background={state.background} />
          <div className="page-stack">
            <CardSkeletons row />
            <RowSkeletons />
            <CardSkeletons row />
          </div>
        </>
      )}
    </DetailPage>
  );
}

/** The own profile's first part, from the head of its seed (the profile). */
export const ProfileHead = seededAreaView(profilePage, ProfileHeadBody);
