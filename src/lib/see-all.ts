/**
 * SPEC §9's See all rule, in one place: a section shows at most SECTION_SIZE items, and its
 * See all button appears when the section is full (exactly 10 items: more may exist), except
 * related artists and new releases, which show it at 10 or more. A section that shows the
 * first ten of a longer list (Recent Played) passes what it shows.
 */
export const SECTION_SIZE = 10;

/** Whether a section showing `shown` items offers See all (SPEC §9: exactly 10). */
export function hasSeeAll(shown: number): boolean {
  return shown === SECTION_SIZE;
}

/** SPEC §9's exception for related artists and new releases: See all at 10 or more. */
export function hasSeeAllAtLeast(shown: number): boolean {
  return shown >= SECTION_SIZE;
}
