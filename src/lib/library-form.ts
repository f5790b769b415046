/**
 * The library's buttons with JavaScript off (the heart, Save/Saved, Follow/Following, a playlist
 * owner's Save): each is a submit button of one hidden form the layout renders once per page
 * (LibraryForm.astro), posted to the site's library route (src/pages/session/library.ts), which
 * makes the change for the session and sends the browser back to the page. With scripting on the
 * button's own click makes the change and cancels the submit. Both sides read the form's shape
 * here, so the buttons and the route cannot disagree on it.
 */

/** The id of the page's one library form, which every library button names (`form=`). */
export const LIBRARY_FORM_ID = 'library-form';

/** The form's fields: the change (`add` or `remove`, its value `kind:id`) and the page to go back to. */
export const LIBRARY_FORM_FIELDS = { add: 'add', remove: 'remove', back: 'back' } as const;

/**
 * What a library button of the form changes: the library's kinds (src/api/library.ts `LibraryKind`),
 * and a playlist, which only ever goes in (its owner's Save; Remove asks first, a dialog's question).
 */
export type LibraryFormKind = 'album' | 'track' | 'artist' | 'user' | 'playlist';

/** A change the form asks for: put `id` in the library (`inLibrary`) or take it out. */
export interface LibraryFormChange {
  kind: LibraryFormKind;
  id: string;
  inLibrary: boolean;
}

/**
 * The attributes that make a library button the form's submit button: the change it offers is
 * the one its label says (Save on an album not saved), so a page shown a while ago never takes
 * out what it offered to put in. The value is the item, the name the way.
 */
export function libraryFormButton(kind: LibraryFormKind, id: string, inLibrary: boolean) {
  return {
    type: 'submit',
    form: LIBRARY_FORM_ID,
    name: inLibrary ? LIBRARY_FORM_FIELDS.remove : LIBRARY_FORM_FIELDS.add,
    value: `${kind}:${id}`,
  } as const;
}

const FORM_KINDS: ReadonlySet<string> = new Set<LibraryFormKind>(['album', 'track', 'artist', 'user', 'playlist']);

/**
 * A provider id as the form may carry it: letters, digits and the few marks a user's id holds
 * ('aarav.sharma'), never a comma, which would make one id two in the provider's `ids=` list.
 */
const ITEM_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The change a posted library form asks for, or null when it asks for none the page could have
 * offered: exactly one of `add` and `remove`, a kind the library holds, an id of the provider's
 * shape, and a playlist only ever added.
 */
export function libraryChangeOf(form: URLSearchParams): LibraryFormChange | null {
  const adds = form.getAll(LIBRARY_FORM_FIELDS.add);
  const removes = form.getAll(LIBRARY_FORM_FIELDS.remove);
  if (adds.length + removes.length !== 1) return null;
  const inLibrary = adds.length === 1;
  const value = inLibrary ? adds[0]! : removes[0]!;
  const colon = value.indexOf(':');
  const kind = value.slice(0, colon);
  const id = value.slice(colon + 1);
  if (colon === -1 || !FORM_KINDS.has(kind) || !ITEM_ID.test(id)) return null;
  if (kind === 'playlist' && !inLibrary) return null;
  return { kind: kind as LibraryFormKind, id, inLibrary };
}

/**
 * Where the browser goes once the change is made: the page the form came from, as a path of this
 * site (its query kept, so a list shown longer with Show more stays so), or home. Never another
 * site's address, whatever the form was made to say: one the URL parser reads as another origin
 * (`//evil.example`, `/\evil.example`, `https:…`, `javascript:…`) is home, and the path is
 * written out anew, so no character of it can end the Location header.
 */
export function backAddressOf(back: string | null, siteOrigin: string): string {
  if (!back?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(back, siteOrigin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(siteOrigin).origin) return '/';
  return `${url.pathname}${url.search}`;
}
