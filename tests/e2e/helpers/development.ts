// What a provider in development mode answers 403 or 404 on purpose (DESIGN §2): the calls it
// removed, which the client asks about once each and then remembers. Those answers, and only
// those, are expected in the browser's log of a *.development.spec.ts.
const REMOVED = String.raw`/v1/(me/(following|albums|tracks)(/contains)?\?|artists/[^/]+/(top-tracks|related-artists)|browse/|users/|playlists/[^/?]+/(tracks|items)|playlists/[^/?]+(\?|$|\)))`;

/** The `allowErrors` of a development-profile spec: 403/404 answers of the removed calls only. */
export const REMOVED_CALLS_ANSWERS = new RegExp(`(HTTP 40[34]: GET |status of 40[34] .*\\(at )\\S+${REMOVED}`);
