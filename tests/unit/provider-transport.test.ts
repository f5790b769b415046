import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CONNECTION_MS, providerFetch } from '../../src/server/provider-transport';

// The server's way to the provider (src/server/provider-transport.ts) against a real HTTP
// server on loopback: what wretch and the API client read of a Response must be as fetch's.
let server: Server;
let origin: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/empty') return response.writeHead(204).end();
      if (request.url === '/limited') return response.writeHead(429, { 'Retry-After': '3', 'Content-Type': 'application/json' }).end('{"error":{"status":429,"message":"API rate limit exceeded"}}');
      if (request.url === '/odd') return response.writeHead(600).end('odd');
      if (request.url === '/slow') return void setTimeout(() => response.writeHead(200).end('late'), 2000);
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ name: 'Blåbær – ünïcode', echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('providerFetch', () => {
  it('sends the method, headers and string body, and answers with status, headers and the whole text', async () => {
    const body = JSON.stringify({ uris: ['spotify:track:1'], note: 'é' });
    const response = await providerFetch(`${origin}/v1/me/player/play?device_id=a%20b`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer token', 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ name: 'Blåbær – ünïcode', echo: body });
    const sent = seen.at(-1)!;
    expect(sent).toMatchObject({ method: 'PUT', url: '/v1/me/player/play?device_id=a%20b', body });
    expect(sent.headers.authorization).toBe('Bearer token');
    expect(sent.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('reads a Headers object, and answers a 204 with no body', async () => {
    const response = await providerFetch(`${origin}/empty`, { method: 'DELETE', headers: new Headers({ Accept: 'application/json' }) });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(seen.at(-1)!.headers.accept).toBe('application/json');
  });

  it("keeps an error's status and Retry-After for the client's rules", async () => {
    const response = await providerFetch(`${origin}/limited`);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('3');
    expect(await response.json()).toEqual({ error: { status: 429, message: 'API rate limit exceeded' } });
  });

  it("fails with the signal's reason when aborted on the way, or before", async () => {
    const controller = new AbortController();
    const reason = Symbol('timed out');
    const call = providerFetch(`${origin}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(call).rejects.toBe(reason);
    await expect(providerFetch(`${origin}/v1`, { signal: controller.signal })).rejects.toBe(reason);
  });

  it('fails, and throws nothing outside the call, when the answer has a status no response can hold', async () => {
    await expect(providerFetch(`${origin}/odd`)).rejects.toThrow(/status 600/);
  });

  it('fails when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(providerFetch(`http://127.0.0.1:${port}/v1`)).rejects.toThrow();
  });

  it('keeps the connection for the next call', async () => {
    await providerFetch(`${origin}/one`);
    await providerFetch(`${origin}/two`);
    expect(seen.at(-1)!.headers.connection).toBe('keep-alive');
  });

  it('closes a kept connection left unused, before the provider would', async () => {
    // A provider of its own, which keeps connections longer than the site does.
    const provider = createServer((_request, response) => response.writeHead(200).end('{}'));
    provider.keepAliveTimeout = 60_000;
    const closed: number[] = [];
    provider.on('connection', (socket) => socket.on('close', () => closed.push(Date.now())));
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    try {
      await providerFetch(`${at}/idle`);
      const answered = Date.now();
      await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS + 500));
      expect(closed).toHaveLength(1);
      expect(closed[0]! - answered).toBeGreaterThanOrEqual(IDLE_CONNECTION_MS - 100);
      // The next call opens another and is answered.
      expect((await providerFetch(`${at}/again`)).status).toBe(200);
    } finally {
      provider.closeAllConnections();
      await new Promise((resolve) => provider.close(resolve));
    }
  }, IDLE_CONNECTION_MS + 5000);
});
