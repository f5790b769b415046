// The address the site's adapter is given for a request. @astrojs/node answers any address that
// is not valid percent-encoding with a bare "Bad request." in plain text, past the site: no page,
// no way back, none of the site's headers. A hand-edited link or a pasted one cut short makes such
// an address (`/album/%%%`, `/search?q=%E0%A4`); the user gets a page of the site instead.

/** Where an address no repair makes readable goes: SPEC §2's Page Not Found, rendered by the site. */
export const NOT_FOUND_PATH = '/404';

const decodes = (/** @type {string} */ url) => {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
};

/**
 * `url` itself when it decodes; else with each `%` that starts no escape written as `%25` (a lone
 * `%` stands for itself, as a browser's address bar reads it: `/album/%%%` asks for the album
 * `%%%`, which its page says is not found); else NOT_FOUND_PATH (escapes that make no UTF-8).
 * @param {string} url the request's path and query
 */
export function addressForSite(url) {
  if (decodes(url)) return url;
  const mended = url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return decodes(mended) ? mended : NOT_FOUND_PATH;
}
