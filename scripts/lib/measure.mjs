// What one route costs a browser: every JavaScript and CSS response Chromium
// actually receives while loading it (any origin, the provider's SDK included),
// each gzipped here so the figure does not depend on whether a server compresses.
import { gzipSync } from 'node:zlib';

const QUIET_MS = 1500;
const MAX_WAIT_MS = 15_000;

function kindOf(response) {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  return null;
}

/**
 * Loads `url` in a fresh context (empty cache; service workers blocked, since a
 * worker's precache would be counted against whichever route installs it) and
 * waits until no script or stylesheet has arrived for QUIET_MS; then moves the pointer
 * and waits the same again, for what the first input brings (the `…Acted` figures).
 */
export async function measureRoute(browser, { url, storageState }) {
  const context = await browser.newContext({ storageState, serviceWorkers: 'block' });
  const page = await context.newPage();
  const files = [];
  const pending = [];
  let lastArrival = Date.now();
  page.on('response', (response) => {
    const kind = kindOf(response);
    if (!kind) return;
    lastArrival = Date.now();
    pending.push(
      response
        .body()
        .then((body) => files.push({ kind, url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined), // a redirect or an aborted response has no body
    );
  });
  const started = Date.now();
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  // A page that never fires `load` is reported, not fatal: its downloads still count.
  const loaded = await page.waitForLoadState('load', { timeout: MAX_WAIT_MS }).then(
    () => true,
    () => false,
  );
  const waitForQuiet = async (since) => {
    while (Date.now() - lastArrival < QUIET_MS && Date.now() - since < MAX_WAIT_MS) {
      await page.waitForTimeout(250);
    }
    await Promise.all(pending);
  };
  await waitForQuiet(started);
  // What a page nobody touches loads; then what the user's first input brings (the islands
  // hydrate then: src/components/shell/hydrate-on-intent.ts), at the content's right margin.
  const untouched = files.length;
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.mouse.move(width - 4, Math.round(height / 2));
  await page.mouse.move(width - 3, Math.round(height / 2) + 1);
  lastArrival = Date.now();
  await waitForQuiet(Date.now());
  const acted = files.splice(untouched);
  // Inline scripts are downloaded with the HTML; count them so "no script file" is not "no JS".
  const inlineJs = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => !script.type || /javascript|module/.test(script.type))
      .reduce((sum, script) => sum + new TextEncoder().encode(script.textContent ?? '').length, 0),
  );
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const sum = (kind, field) => files.filter((file) => file.kind === kind).reduce((total, file) => total + file[field], 0);
  return {
    status: response?.status() ?? 0,
    loaded,
    finalPath,
    jsFiles: files.filter((file) => file.kind === 'js').length,
    jsBytes: sum('js', 'bytes'),
    jsGzip: sum('js', 'gzip'),
    cssFiles: files.filter((file) => file.kind === 'css').length,
    cssBytes: sum('css', 'bytes'),
    cssGzip: sum('css', 'gzip'),
    inlineJs,
    files,
    // Once the user has acted: everything, the untouched page's files included.
    jsFilesActed: files.filter((file) => file.kind === 'js').length + acted.filter((file) => file.kind === 'js').length,
    jsGzipActed: sum('js', 'gzip') + acted.filter((file) => file.kind === 'js').reduce((total, file) => total + file.gzip, 0),
    actedFiles: acted,
  };
}
