// The address the site's adapter is given for a request. Astro answers a path that is not valid
// percent-encoding, or that it takes for a second level of encoding, with no page of the site:
// a hand-edited link or a pasted one cut short makes such an address (`/album/%%%`), and so does
// a see-all link for words that hold '/', '?' or '#' beside a space or a letter beyond ASCII
// ("AC/DC live"). The user gets a page of the site instead. The query is Astro's to read
// (URLSearchParams reads any escape), so it is passed on as it came.

/** Where an address no repair makes readable goes: SPEC §2's Page Not Found, rendered by the site. */
export const NOT_FOUND_PATH = '/404';

/**
 * A see-all page whose words Astro cannot read from its path is asked for at this stand-in path
 * segment, the words (the segment as it came) in this query parameter. The page reads them there
 * (src/pages/search/[searchType]/[searchQuery].astro, whose names these must stay: the unit test
 * holds them equal); the browser's address stays the link's.
 */
export const SEE_ALL_STAND_IN = '-';
export const SEE_ALL_WORDS_PARAM = 'words';

const decodes = (/** @type {string} */ text) => {
  try {
    decodeURI(text);
    return true;
  } catch {
    return false;
  }
};

/** Astro's rule (validateAndDecodePathname): a path that decodeURI changes and that still holds an escape is refused. */
const refusedByAstro = (/** @type {string} */ path) => {
  const decoded = decodeURI(path);
  return decoded !== path && /%[0-9a-fA-F]{2}/.test(decoded);
};

const SEE_ALL = /^\/search\/([^/]+)\/([^/]+)\/?$/;

/**
 * A detail page's path (src/lib/routes.ts: album, artist and its two lists, playlist, user): the
 * part before the id, then (after the id's segment) an artist's list and a closing '/'.
 */
const DETAIL = /^(\/(?:album|playlist|user|artist)\/)[^/]+((?<=^\/artist\/[^/]+)\/(?:albums|related-artists))?(\/?)$/;

/**
 * The id a detail page is asked for in place of one Astro refuses. Such an id holds an encoded
 * '/' beside another escape (`<b>x</b>`, ` /`): no album, artist, playlist or user has a '/' in
 * its id, so the page is asked for one that is a '/' alone, which no entity has either, and says
 * what it does not find ("Album Not Found", status 404) as for any other id that is not there.
 * '%2F' is an escape decodeURI keeps, so Astro reads the path.
 */
export const DETAIL_STAND_IN = '%2F';

/**
 * The address the site is given for `url`: itself when Astro reads its path; a lone `%` in the
 * path read as itself (`%25`, as a browser's address bar reads it: `/album/%%%` asks for the album
 * `%%%`, whose page says it is not found); a detail page's path Astro would refuse (an id holding
 * an encoded '/' beside another escape) with DETAIL_STAND_IN for its id, so the page says its
 * entity is not found; a see-all path Astro would refuse at its stand-in, the
 * words in the query; else NOT_FOUND_PATH (escapes that make no UTF-8, or another path Astro refuses).
 * @param {string} url the request's path and query
 */
export function addressForSite(url) {
  const at = url.indexOf('?');
  const query = at === -1 ? '' : url.slice(at);
  let path = at === -1 ? url : url.slice(0, at);
  if (!decodes(path)) path = path.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  if (!decodes(path)) return NOT_FOUND_PATH;
  if (!refusedByAstro(path)) return path + query;
  const detail = DETAIL.exec(path);
  if (detail) return `${detail[1]}${DETAIL_STAND_IN}${detail[2] ?? ''}${detail[3]}${query}`;
  const seeAll = SEE_ALL.exec(path);
  if (!seeAll || refusedByAstro(`/${seeAll[1]}`)) return NOT_FOUND_PATH;
  const words = `${SEE_ALL_WORDS_PARAM}=${encodeURIComponent(seeAll[2])}`;
  return `/search/${seeAll[1]}/${SEE_ALL_STAND_IN}${query ? `${query}&${words}` : `?${words}`}`;
}
