import { expect, test } from './fixtures';
import { checkSecurityHeaders, cspViolations, recordCspViolations } from './helpers/security-headers';

// The Content Security Policy bites where a visitor lands. That every signed-in route carries
// the headers and meets no violation is checked on the walk through every route that
// server-render.spec makes anyway (helpers/security-headers.ts).

test.describe('the policy bites', () => {
  // The refusals below are the point of this test; Chromium logs each as a console error.
  test.use({ allowErrors: /Content Security Policy/ });

  test('the landing page carries the headers, and an injected script or event handler does not run there', { tag: '@viewport-free' }, async ({ page }) => {
    await recordCspViolations(page);
    checkSecurityHeaders(await page.goto('/auth'), '/auth');
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as Record<string, unknown>;
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/favicon.svg" onload="window.injectedHandlerRan = true"><a href="javascript:window.injectedLinkRan=true">x</a>';
      document.body.append(holder);
      holder.querySelector('a')!.click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [flags.injectedScriptRan, flags.injectedHandlerRan, flags.injectedLinkRan];
    });
    expect(ran).toEqual([undefined, undefined, undefined]);
    expect((await cspViolations(page)).length).toBeGreaterThanOrEqual(3);
    // Not covered: the prerendered 404 page and the built assets are served as static files
    // by @astrojs/node, which the middleware never sees (they carry no inline script).
  });
});

test('Astro\'s image endpoint, which no page uses, is Page Not Found even for the signed in: it would resize any image to any size', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  for (const query of ['href=/favicon.svg&w=4000&h=4000&f=png', 'href=/../../etc/passwd']) {
    const answer = await page.request.get(`/_image?${query}`);
    expect(answer.status(), query).toBe(404);
    expect(await answer.text(), query).toContain('Page Not Found');
  }
});
