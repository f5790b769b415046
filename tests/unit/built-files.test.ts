// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/lib/built-files.mjs: the built files are known once, so an address is looked up in
// memory and a page goes straight to the renderer (no look on disk per page), and a file is sent
// as the adapter sent it (type, validators, 304, the year-long cache of /_astro/).
interface BuiltFiles {
  builtFilesOf(dir: string): Set<string>;
  builtFileAt(url: string, files: Set<string>): string | null;
  sendBuiltFile(request: unknown, response: unknown, path: string, dir: string): void;
}
const load = async () => (await import(new URL('../../scripts/lib/built-files.mjs', import.meta.url).href)) as BuiltFiles;

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'built-files-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'images'));
  writeFileSync(join(dir, 'sw.js'), 'self.x = 1;');
  writeFileSync(join(dir, '_astro', 'app.Ab12.js'), 'export {};');
  writeFileSync(join(dir, 'images', 'default song.svg'), '<svg/>');
  const { builtFilesOf, builtFileAt, sendBuiltFile } = await load();
  const files = builtFilesOf(dir);
  server = createServer((request, response) => {
    const file = builtFileAt(request.url ?? '/', files);
    if (file) sendBuiltFile(request, response, file, dir);
    else response.writeHead(299).end('page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built files beside the pages', () => {
  it('are known by their paths; anything else is a page, an odd address included', async () => {
    const { builtFilesOf, builtFileAt } = await load();
    const files = builtFilesOf(dir);
    expect([...files].sort()).toEqual(['/_astro/app.Ab12.js', '/images/default song.svg', '/sw.js']);
    expect(builtFileAt('/sw.js?v=2', files)).toBe('/sw.js');
    expect(builtFileAt('/images/default%20song.svg', files)).toBe('/images/default song.svg');
    expect(builtFileAt('/album/abc', files)).toBeNull();
    expect(builtFileAt('/_astro', files)).toBeNull();
    expect(builtFileAt('/%E0%A4', files)).toBeNull();
  });

  it('are sent with their type and validators, 304 when unchanged, the hashed ones kept a year', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('public, max-age=0');
    expect(await worker.text()).toBe('self.x = 1;');
    // As a browser revalidates it (Node's fetch adds a Cache-Control: no-cache of its own, which asks past any validator).
    const again = await new Promise<number>((resolve, reject) =>
      get(`${base}/sw.js`, { headers: { 'If-None-Match': worker.headers.get('etag')! } }, (response) => (response.resume(), resolve(response.statusCode ?? 0))).on('error', reject),
    );
    expect(again).toBe(304);
    const hashed = await fetch(`${base}/_astro/app.Ab12.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${base}/album/abc`);
    expect([page.status, await page.text()]).toEqual([299, 'page']);
  });
});
