/** SPEC §2's Page Not Found (the `*` route): the site's 404 page, and the worker's answer offline to an address that is no page. */
export const PAGE_NOT_FOUND = {
  title: 'Page Not Found',
  text: "Oops! The page you're looking for doesn't exist.",
  back: 'Go Back',
} as const;
