import { callApi, type QueryValue } from './client';
import { ApiError, PROBE_QUIET_STATUSES } from './errors';
import { list, record, text } from './normalize';

/** How many items a probe's search asks for: the first may be the very one asked about. */
const PROBE_ITEMS = 2;

/**
 * Another item of `type` the provider has than `asked`: the first its search finds (a catalogue
 * answer, so the probes a fresh session starts ask it once on the server). A first 404 from a
 * call about one item (an artist's sections, a playlist's entries) may mean "no such item for
 * this user" (a hand-typed address, another user's private playlist) or "endpoint gone" (DESIGN
 * §2's development mode): its probe asks the same endpoint about this one (errors.ts
 * judgeCapabilityRefusal), so one missing item never hides the endpoint for the session. Never
 * the item asked about: the same question again tells nothing, and asks a removed endpoint twice.
 */
async function anotherItemThan(type: 'artist' | 'playlist', asked: string): Promise<string> {
  const found = record(
    record(await callApi({ path: 'search', query: { q: 'a', type, limit: PROBE_ITEMS }, quietStatuses: PROBE_QUIET_STATUSES, catalogue: true }))[`${type}s`],
  );
  // The provider's search may answer null in an item's place.
  const id = list(found.items)
    .map((item) => text(record(item).id))
    .find((candidate) => candidate && candidate !== asked);
  if (!id) throw new ApiError('http', `No ${type} to ask about`, 500);
  return id;
}

/**
 * The probe of a call about one item (client.ts `probe`): the same endpoint, `section` of an
 * item of `type`, asked about another item than `asked` (anotherItemThan). Resolves when it
 * answers; a refusal says the endpoint is gone.
 */
export async function askAboutAnother(type: 'artist' | 'playlist', asked: string, section: string, query?: Record<string, QueryValue>): Promise<unknown> {
  const other = await anotherItemThan(type, asked);
  return callApi({ path: `${type}s/${encodeURIComponent(other)}/${section}`, query, quietStatuses: PROBE_QUIET_STATUSES });
}
