import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../src/api/auth';
import { isCapabilityOpen, runPageCalls } from '../../src/server/page-calls';
import type { SessionContext } from '../../src/server/session-tokens';

// A render's calls once its response has been sent (src/server/page-calls.ts, letGo): a timer the
// render started (nanostores' unmount delay when an island reads a store on the server) keeps
// the async context it began in, and that context must no longer reach the request. No
// provider is asked here.

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const tokens: TokenSet = { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 } as TokenSet;
/** A new request's context, as big as a render's: what a timer must not keep alive. */
const requestContext = () => ({ cookies: { get: () => undefined }, render: new Array(100_000).fill('html') }) as unknown as SessionContext;

/** Whether nothing holds `held` any more (a WeakRef keeps its target until the task that read it ends). */
async function isCollected(held: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
  return held.deref() === undefined;
}

describe("a page's calls after its response", () => {
  it('reach the request while its body still streams, and no longer once it has been sent', async () => {
    const waiting: ReturnType<typeof setTimeout>[] = [];
    let held!: WeakRef<object>;
    const parts: boolean[] = [];
    await (async () => {
      const context = requestContext();
      held = new WeakRef(context);
      const response = await runPageCalls(context, tokens, async () => {
        waiting.push(setTimeout(() => undefined, 60_000));
        // Parts of the page streamed after the render resolved (Astro's rendering goes on in the
        // render's async context) still ask with the page's calls.
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const _part of [1, 2]) {
              await new Promise((resolve) => setTimeout(resolve, 5));
              parts.push(isCapabilityOpen('relatedArtists'));
              controller.enqueue(new TextEncoder().encode('<p>part</p>'));
            }
            controller.close();
          },
        });
        return new Response(body, { status: 200 });
      });
      expect(await response.text()).toBe('<p>part</p><p>part</p>');
    })();
    expect(parts).toEqual([true, true]);
    expect(await isCollected(held)).toBe(true);
    waiting.forEach(clearTimeout);
  });

  it('no longer reach the request once a render without a body, or one that failed, has answered', async () => {
    const waiting: ReturnType<typeof setTimeout>[] = [];
    const helds: WeakRef<object>[] = [];
    const render = async (answer: () => Promise<unknown>) => {
      const context = requestContext();
      helds.push(new WeakRef(context));
      await runPageCalls(context, tokens, () => {
        waiting.push(setTimeout(() => undefined, 60_000));
        return answer();
      }).catch(() => undefined);
    };
    await render(async () => ({ seed: 'data' }));
    await render(async () => new Response(null, { status: 302, headers: { Location: '/auth' } }));
    await render(() => Promise.reject(new Error('the render failed')));
    for (const held of helds) expect(await isCollected(held)).toBe(true);
    waiting.forEach(clearTimeout);
  });
});
