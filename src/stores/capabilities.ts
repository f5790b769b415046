import { map } from 'nanostores';
import { learntCapabilitiesOf, type Capability, type LearntCapabilities } from '../api/errors';

// The record of what the provider offers this app, learnt during the session (DESIGN §2);
// the API client reads and updates it through src/stores/session.ts.

type CapabilityState = 'unknown' | 'available' | 'missing';

type CapabilityMap = Partial<Record<Capability, CapabilityState>>;

/** sessionStorage key: what was learnt survives full page loads within the tab's session. */
const CAPABILITIES_KEY = 'CAPABILITIES';

function learnt(): CapabilityMap {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CAPABILITIES_KEY);
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' ? (value as CapabilityMap) : {};
  } catch (error) {
    console.error('Could not read the learnt capabilities', error);
    return {};
  }
}

/** Each capability's state; absent keys are 'unknown'. */
export const $capabilities = map<CapabilityMap>(learnt());

// Reaction: keep what was learnt for the rest of the tab's session.
$capabilities.listen((capabilities) => {
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(CAPABILITIES_KEY, JSON.stringify(capabilities));
  } catch (error) {
    console.error('Could not keep the learnt capabilities', error);
  }
});

/** Whether a capability may be tried (not known to be missing). */
export function isCapabilityUsable(capability: Capability): boolean {
  return $capabilities.get()[capability] !== 'missing';
}

/** Whether a capability's endpoint has answered this session (so a 404 from it means "not found"). */
export function hasCapabilityAnswered(capability: Capability): boolean {
  return $capabilities.get()[capability] === 'available';
}

/** Records that a capability answered. */
export function markCapabilityAvailable(capability: Capability): void {
  if ($capabilities.get()[capability] !== 'available') $capabilities.setKey(capability, 'available');
}

/** Records that a capability is gone for this app (a 403 or 404 from its endpoint). */
export function markCapabilityMissing(capability: Capability): void {
  if ($capabilities.get()[capability] !== 'missing') $capabilities.setKey(capability, 'missing');
}

/**
 * Takes what the server's calls learnt (a page's mark, ServerNotices.astro: JSON of a record of
 * learnt capabilities): the tab then sends no doomed call to learn it again (in development mode,
 * the first heart of every tab went to the removed me/tracks first). What this tab learnt itself
 * stands; a mark that does not read is ignored.
 */
export function adoptServerCapabilities(told: string | null): void {
  let learnt: LearntCapabilities;
  try {
    learnt = learntCapabilitiesOf(told ? JSON.parse(told) : null);
  } catch {
    return;
  }
  const known = $capabilities.get();
  const news = Object.entries(learnt).filter(([capability]) => known[capability as Capability] === undefined);
  if (news.length > 0) $capabilities.set({ ...known, ...Object.fromEntries(news) });
}

/** Forgets what was learnt (sign-out). */
export function resetCapabilities(): void {
  $capabilities.set({});
}
