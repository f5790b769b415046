import { vi } from 'vitest';
import hydrateOnIntent from '../../../src/components/shell/hydrate-on-intent';
import { SHOWN_MARK_ATTRIBUTE, type PlayingMark } from '../../../src/lib/playing-mark';

// Islands of the client:intent directive as Astro leaves them before hydrating (`client="intent"`,
// `ssr`), for the directive's tests. A document's directive state lives as long as the document,
// and the user acts on it only once: a test file is one page's life.

/**
 * An island as the server renders it, with a row, a button, a link and a button inside a link
 * card; `shown`: the mark of the player its rows were rendered with (its seed block says so).
 */
export function island(trackId = 't1', shown?: PlayingMark): HTMLElement {
  const element = document.createElement('astro-island');
  element.setAttribute('client', 'intent');
  element.setAttribute('ssr', '');
  const block = shown ? `<script type="application/json" ${SHOWN_MARK_ATTRIBUTE}='${JSON.stringify(shown)}'>{}</script>` : '';
  element.innerHTML = `${block}<div class="track-row" data-track-id="${trackId}"><button type="button" class="play">Play</button><span class="name">Song</span></div>
    <a href="/album/a1" class="card">Album <button type="button" class="card-play">Play</button></a><p class="text">Text</p>`;
  document.body.append(element);
  return element;
}

/** What Astro's island does once its code and React have hydrated it. */
export function hydrated(element: HTMLElement) {
  element.removeAttribute('ssr');
  element.dispatchEvent(new CustomEvent('astro:hydrate'));
}

/** The directive over `element`, with a load that says when it was asked. */
export function directive(element: HTMLElement, value: unknown = true) {
  const hydrate = vi.fn(async () => hydrated(element));
  const load = vi.fn(async () => hydrate);
  hydrateOnIntent(load, { value }, element);
  return { load, hydrate };
}

