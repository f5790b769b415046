import type { APIRoute } from 'astro';
import { CONNECTION_PROBLEM, SOMETHING_WENT_WRONG } from '../../api/errors';
import { addToLibrary, removeFromLibrary } from '../../api/library';
import { savePlaylistToLibrary } from '../../api/playlist-edits';
import { readSiteOrigin } from '../../config/provider';
import { backAddressOf, LIBRARY_FORM_FIELDS, libraryChangeOf, type LibraryFormChange } from '../../lib/library-form';
import { leaveNotice } from '../../server/notice';
import { runPageCalls } from '../../server/page-calls';
import { leavingRedirect, pageToast } from '../../server/page-data';
import { leavePageNotice } from '../../server/page-notice';
import { readSmallBody } from '../../server/request-guard';
import { currentSession } from '../../server/session-tokens';
import { noStoreAnswer, noStoreRedirect } from '../../server/no-store';

export const prerender = false;

const seeOther = (location: string) => noStoreRedirect(location, 303);

const refused = (status: number, text: string) => noStoreAnswer(status, text, 'text/plain; charset=utf-8');

/** The provider call the change is: the same API modules, and so the same rules (DESIGN §2's fallbacks), as the browser's toggle. */
function makeChange({ kind, id, inLibrary }: LibraryFormChange): Promise<void> {
  if (kind === 'playlist') return savePlaylistToLibrary(id);
  return inLibrary ? addToLibrary(kind, [id]) : removeFromLibrary(kind, [id]);
}

/**
 * The library's buttons with JavaScript off (src/lib/library-form.ts): a plain form's POST of the
 * site's own pages (src/middleware.ts lets this route take one without the custom header, from the
 * site's Origin only) saves or removes one item for the session, through the provider client the
 * pages use (src/server/page-calls.ts: the session's token, refreshed and replayed on a 401, the
 * capabilities it learnt), and sends the browser back, 303, to the page the form came from, which
 * renders the new state (per-user flags are never in the shared catalogue cache). A refusal
 * changes nothing and leaves SPEC §8's words for that page (**Change** from SPEC §8: a failure it
 * keeps silent with a script, a 4xx with the provider's message, says 'Something went wrong' here:
 * the page comes back the same, and would say nothing of why); a session the provider ended
 * leaves the page as a render's does (/auth with 'Session Expired', or /access_denied).
 */
export const POST: APIRoute = async (context) => {
  const body = await readSmallBody(context.request);
  if (body === null) return refused(413, 'The request is too large.');
  const form = new URLSearchParams(body);
  const change = libraryChangeOf(form);
  if (!change) return refused(400, 'The form asks for no change the library makes.');
  const back = backAddressOf(form.get(LIBRARY_FORM_FIELDS.back), readSiteOrigin());
  const state = await currentSession(context);
  switch (state.kind) {
    case 'visitor':
      return seeOther('/auth');
    case 'expired':
      leaveNotice(context.cookies, 'session-expired');
      return seeOther('/auth');
    case 'unreachable':
    case 'held':
      // The token URL or the session store: nothing was asked of the provider, and the page says why.
      await leavePageNotice(context, CONNECTION_PROBLEM);
      return seeOther(back);
    case 'signed-in':
      return runPageCalls(context, state.tokens, async () => {
        try {
          await makeChange(change);
          return seeOther(back);
        } catch {
          // SPEC §8's decision is among the render's outcomes (the client's one mapper).
        }
        const leaving = await leavingRedirect(context);
        if (leaving) return seeOther(leaving.headers.get('Location') ?? '/auth');
        await leavePageNotice(context, pageToast() ?? SOMETHING_WENT_WRONG);
        return seeOther(back);
      });
  }
};
