import { useState, type ComponentType } from 'react';
import { jsonBlockText } from '../lib/json-block';
import { markFromAttribute, SHOWN_MARK, SHOWN_MARK_ATTRIBUTE, type Marked, type PlayingMark } from '../lib/playing-mark';
import { ShownMarkContext } from './shown-mark';

/**
 * How a page's seed (what its server render read from the provider) reaches the page's island:
 * as a JSON block the island renders inside itself, not as one of Astro's island props.
 *
 * Why: Astro writes an island's props into an HTML attribute, every value tagged (`[0, …]`) and
 * every quote escaped. A page's seed made 15-57 KB of attribute (home: 56.7 KB for what is 32.4 KB
 * of JSON), and an album page's server render spent about 7% of its CPU on it: the tagging, the
 * escaping, and a URL parse Astro tries (and fails, with an exception) on any attribute value
 * holding an `&`. The browser then spent 1 ms (4 ms on a phone's CPU) reviving the tags. Here the
 * server writes the seed with JSON.stringify and the browser reads it with JSON.parse.
 *
 * The seed passes from the page to the island under a symbol key, which Astro's prop serializer
 * (like JSON) does not see: the island's props attribute carries only the block's id.
 */
const SEED = Symbol('seed');

/** A seed on its way from a page to its island; only the server can read the seed itself (`withCarriedSeed`). */
export interface CarriedSeed<S> {
  /** The id of the seed's JSON block: unique in a page, as the count of seeds carried is in a server. */
  readonly block: string;
  readonly [SEED]: S;
}

let carried = 0;

/**
 * A page's seed, for its island: `<AlbumView client:intent seed={carry(seed)} />`. `block` names
 * the block for a reader besides the island (the player card's, which the shell's script reads).
 */
export const carry = <S,>(seed: S, block = `seed-${++carried}`): CarriedSeed<S> => ({ block, [SEED]: seed });

const onServer = typeof window === 'undefined';

/**
 * The island of `View`, which takes its seed carried (`carry`). On the server it renders the
 * seed's JSON block, then `View`; in the browser it reads the block back before the first
 * render, and hydrates the block with the very text it holds, so React finds what it expects.
 * No two blocks meet in a page: only a page's content islands carry seeds, and the client
 * router swaps those with their page. The block also names the mark of the player the server
 * rendered the rows with (src/lib/playing-mark.ts), for the rows as they hydrate and for the
 * directive, which wakes the island only when the player shows otherwise.
 */
export function withCarriedSeed<S, Props extends object = object>(View: ComponentType<Props & { seed: S }>) {
  // The island's other props (a list page's name and words) are Astro's, as any island's are.
  function CarriedSeedIsland({ seed, ...props }: Omit<Props, 'seed'> & { seed: CarriedSeed<S> }) {
    const id = seed.block;
    const [block] = useState((): { text: string; value: S; mark: PlayingMark | null } => {
      if (onServer) {
        const value = seed[SEED];
        return { text: jsonBlockText(value), value, mark: (value as Marked<S> | null)?.[SHOWN_MARK] ?? null };
      }
      const element = document.getElementById(id);
      const text = element?.textContent;
      if (text == null) throw new Error(`The island's seed (#${id}) is not in the page`);
      return { text, value: JSON.parse(text) as S, mark: markFromAttribute(element!.getAttribute(SHOWN_MARK_ATTRIBUTE)) };
    });
    const markAttribute = block.mark ? { [SHOWN_MARK_ATTRIBUTE]: JSON.stringify(block.mark) } : {};
    return (
      <ShownMarkContext.Provider value={block.mark}>
        {/* data-astro-rerun: Astro's router keeps the text of every inline script a swap brings in, for
            the tab's life, to run each script once; marked, a seed is not kept (a JSON block never
            runs either way). The page the browser loaded whole is kept once: the router's first
            look at a page does not ask. */}
        <script type="application/json" id={id} data-astro-rerun="" {...markAttribute} dangerouslySetInnerHTML={{ __html: block.text }} />
        <View {...(props as Props)} seed={block.value} />
      </ShownMarkContext.Provider>
    );
  }
  CarriedSeedIsland.displayName = `WithCarriedSeed(${View.displayName ?? View.name})`;
  return CarriedSeedIsland;
}
