/** SPEC §2's Page Not Found (the `*` route): the site's 404 page, and the worker's answer offline to an address that is no page. */
export const PAGE_NOT_FOUND = {
  title: 'Page Not Found',
  text: "Oops! The page you're looking for doesn't exist.",
  back: 'Go Back',
} as const;

/**
 * SPEC §8's messages for what an address names and the provider does not have: the page's
 * heading, and its tab's title, which a screen reader hears as the client router shows the page.
 */
export const NOT_FOUND = {
  album: 'Album Not Found',
  artist: 'Artist Not Found',
  playlist: 'Playlist Not Found',
  user: 'User Not Found',
  profile: 'Profile Not Found',
} as const;
