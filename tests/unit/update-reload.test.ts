import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { reloadForUpdates } from '../../src/components/shell/register-sw';

/** A page's service worker container: whether a worker controls the page, and the changes of controller it hears. */
function containerOf(controlled: boolean) {
  const events = new EventTarget();
  return {
    controller: controlled ? ({} as ServiceWorker) : null,
    addEventListener: events.addEventListener.bind(events) as ServiceWorkerContainer['addEventListener'],
    takeControl: () => events.dispatchEvent(new Event('controllerchange')),
  };
}

function follow(controlled: boolean, sounding = false) {
  const container = containerOf(controlled);
  const soundingHere = atom(sounding);
  let reloads = 0;
  reloadForUpdates(container, soundingHere, () => reloads++);
  return { container, soundingHere, reloads: () => reloads };
}

describe('a page reloads when an update takes control (SPEC §1), not over its music', () => {
  it('reloads once when a newer worker takes a page it controlled', () => {
    const page = follow(true);
    page.container.takeControl();
    page.container.takeControl();
    expect(page.reloads()).toBe(1);
  });

  it("takes the first worker's claim of a page opened before any for no update, and reloads for the next", () => {
    const page = follow(false);
    page.container.takeControl();
    expect(page.reloads()).toBe(0);
    page.container.takeControl();
    expect(page.reloads()).toBe(1);
  });

  it('a page whose own device sounds waits for the music to stop, then reloads once', () => {
    const page = follow(true, true);
    page.container.takeControl();
    expect(page.reloads()).toBe(0);
    page.soundingHere.set(true);
    expect(page.reloads()).toBe(0);
    page.soundingHere.set(false);
    page.soundingHere.set(true);
    page.soundingHere.set(false);
    expect(page.reloads()).toBe(1);
  });
});
