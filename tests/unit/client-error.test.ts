import { createServer } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/lib/client-error.mjs, on a real Node server as serve-site.mjs sets it up.
const { clientErrorAnswer } = (await import(new URL('../../scripts/lib/client-error.mjs', import.meta.url).href)) as {
  clientErrorAnswer(code: string | undefined): string;
};
const { answerSiteClientError, BUILT_FILE_HEADERS } = (await import(new URL('../../scripts/serve-site.mjs', import.meta.url).href)) as {
  answerSiteClientError(error: Error, socket: unknown): void;
  BUILT_FILE_HEADERS: Record<string, string>;
};

const server = createServer((_request, response) => response.end('page'));
server.on('clientError', answerSiteClientError);
let port = 0;

beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** What the server answers to `request`, sent as raw bytes. */
function answerTo(request: string): Promise<string> {
  return new Promise((answered, failed) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => answered(text));
    socket.on('error', failed);
  });
}

describe('a request Node cannot read', () => {
  it('with cookies over the header limit gets a page saying to clear them, not a blank 431', async () => {
    const answer = await answerTo(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: big=${'x'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Content-Type: text/html; charset=utf-8');
    expect(answer).toContain("clear this site's cookies");
    const [head, body] = answer.split('\r\n\r\n');
    expect(Number(/Content-Length: (\d+)/.exec(head!)![1])).toBe(Buffer.byteLength(body!));
    // The security headers of every answer of the site: no other site frames it, nor asks for a camera through it.
    for (const [name, value] of Object.entries(BUILT_FILE_HEADERS)) expect(head!.split('\r\n'), name).toContain(`${name}: ${value}`);
  });

  it('with an address over the limit (a search of thousands of letters) gets the page too, which names the address', async () => {
    const answer = await answerTo(`GET /search?q=${'%C3%A9'.repeat(3000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('its address is too long');
    expect(answer).toContain('<a href="/">Open My Music again</a>');
  });

  it('that is not HTTP at all still gets a plain 400; a readable one its page', async () => {
    expect(await answerTo('NOT HTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await answerTo('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toContain('page');
  });

  it("keeps Node's own answers for the rest: a header time-out 408, chunk extensions too large 413, else 400", () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toMatch(/^HTTP\/1\.1 408 /);
    expect(clientErrorAnswer('HPE_CHUNK_EXTENSIONS_OVERFLOW')).toMatch(/^HTTP\/1\.1 413 /);
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toMatch(/^HTTP\/1\.1 400 /);
  });
});
