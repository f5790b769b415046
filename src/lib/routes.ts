/**
 * The app's routes (SPEC §2), in one table that the route store's router
 * (src/stores/route.ts), every link (`hrefOf`) and the tests read. First match wins when a
 * URL is parsed, so fixed paths come before the `:param` path beside them.
 */
export const ROUTES = {
  home: '/',
  search: '/search',
  seeAll: '/search/:searchType/:searchQuery',
  relatedArtists: '/artist/:artistId/related-artists',
  artistAlbums: '/artist/:artistId/albums',
  artist: '/artist/:artistId',
  newRelease: '/album/new-release',
  album: '/album/:albumId',
  popularPlaylists: '/playlist/popular',
  playlist: '/playlist/:playlistId',
  categoryPlaylists: '/category/:categoryId/playlists',
  recentPlayed: '/track/recent-played',
  myProfile: '/user/me',
  mySavedAlbums: '/user/me/saved-albums',
  mySavedTracks: '/user/me/saved-tracks',
  myTopTracks: '/user/me/top-tracks',
  myTopArtists: '/user/me/top-artists',
  myFollowing: '/user/me/following',
  user: '/user/:userId',
  collection: '/collection',
  collectionAlbums: '/collection/albums',
  collectionTracks: '/collection/tracks',
  notification: '/notification',
  player: '/player',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The `:param` names of a route pattern, as a type ('/artist/:artistId/albums' gives 'artistId'). */
type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Param}`
    ? Param
    : never;

/** A route's params, or nothing for a route without any. */
type HrefArgs<Name extends RouteName> = [ParamsOf<(typeof ROUTES)[Name]>] extends [never]
  ? []
  : [params: Record<ParamsOf<(typeof ROUTES)[Name]>, string>];

/**
 * The characters a path segment may hold as they are (RFC 3986's sub-delims, ':' and '@') that
 * encodeURIComponent escapes all the same. Astro 5 answers 404 for a path with an escape that
 * decodeURI decodes beside one it keeps ('Simon%20%26%20Garfunkel': it reads the kept %26 as a
 * second level of encoding), so a see-all link for "Simon & Garfunkel" found no page. Left as
 * they are, only '/', '?' and '#' beside a space or a letter beyond ASCII still meet that rule.
 */
const SEGMENT_SAFE = /%(24|26|2B|2C|3B|3D|3A|40)/g;

/** A param as a path segment: escaped where a segment needs it, and only there. */
export function pathSegmentOf(value: string): string {
  return encodeURIComponent(value).replace(SEGMENT_SAFE, (escape) => decodeURIComponent(escape));
}

/** The path of a route with its params filled in, each encoded (an id or a query may hold any character). */
export function hrefOf<Name extends RouteName>(name: Name, ...[params]: HrefArgs<Name>): string {
  const values = (params ?? {}) as Record<string, string>;
  return ROUTES[name].replace(/:(\w+)/g, (_, param: string) => pathSegmentOf(values[param] ?? ''));
}
