import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAheadUnderRestingFinger, FINGER_REST_MS } from '../../../src/components/shell/finger-ahead';

// A finger on an in-app link fetches its page ahead only once it rests there or taps it: a swipe
// that starts on a link (a phone scrolling a list of albums) fetches nothing.

const fetched: string[] = [];
fetchAheadUnderRestingFinger(document, (target) => (target instanceof Element ? (target.closest('a')?.getAttribute('href') ?? null) : null), (href) => fetched.push(href));

afterEach(() => {
  vi.useRealTimers();
  fetched.length = 0;
  document.body.innerHTML = '';
});

function link(): HTMLAnchorElement {
  document.body.innerHTML = '<a href="/album/a1"><span class="name">Album</span></a><p>Text</p>';
  return document.querySelector('a')!;
}

const finger = (type: string, target: Element, fingers = 1) => {
  const touches = Array.from({ length: type === 'touchend' ? 0 : fingers }, () => ({}) as Touch);
  const event = new TouchEvent(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: touches });
  target.dispatchEvent(event);
};

describe('a finger on an in-app link', () => {
  it('that swipes (a scroll starting on the link) fetches nothing ahead', () => {
    vi.useFakeTimers();
    const name = link().querySelector('.name')!;
    finger('touchstart', name);
    vi.advanceTimersByTime(30);
    finger('touchmove', name);
    vi.advanceTimersByTime(500);
    finger('touchend', name);
    expect(fetched).toEqual([]);
  });

  it('that rests there fetches its page ahead, once', () => {
    vi.useFakeTimers();
    const name = link().querySelector('.name')!;
    finger('touchstart', name);
    vi.advanceTimersByTime(FINGER_REST_MS - 1);
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fetched).toEqual(['/album/a1']);
    finger('touchend', name);
    expect(fetched).toEqual(['/album/a1']);
  });

  it('that taps quicker than it rests fetches as it lifts', () => {
    vi.useFakeTimers();
    const name = link().querySelector('.name')!;
    finger('touchstart', name);
    vi.advanceTimersByTime(40);
    finger('touchend', name);
    expect(fetched).toEqual(['/album/a1']);
    vi.advanceTimersByTime(500);
    expect(fetched).toEqual(['/album/a1']);
  });

  it('fetches nothing for two fingers (a pinch) or a touch off a link', () => {
    vi.useFakeTimers();
    const name = link().querySelector('.name')!;
    finger('touchstart', name, 2);
    vi.advanceTimersByTime(500);
    finger('touchstart', document.querySelector('p')!);
    finger('touchend', document.querySelector('p')!);
    expect(fetched).toEqual([]);
  });
});
