import http from 'node:http';
import https from 'node:https';

/**
 * How the server's API client reaches the provider: a `fetch` for wretch (src/api/client.ts)
 * over Node's own HTTP client, with connections kept open.
 *
 * Why not the global fetch: each call through Node's fetch builds a web stream for the body, an
 * abort controller's listeners and undici's request machinery. On an album page, whose catalogue
 * comes from the shared cache, the two or three calls left (the library flags, what plays) cost the
 * site about 0.5 ms of CPU each that way and 0.2-0.3 ms this way (bench/server-render.ts, a
 * tenth of a render). The browser keeps its fetch.
 *
 * Only what the client sends is supported: a method, plain headers, a string body and a signal.
 * No compression is asked for: over loopback or a datacenter's link, decoding costs more than the
 * bytes it saves.
 */
/**
 * How long a kept connection may sit unused before the site closes it. Shorter than the usual
 * server's own limit (Node's 5 s, the sandbox's): a connection the provider closes just as a call
 * goes out on it fails that call (a reset), and a write is not sent again.
 */
export const IDLE_CONNECTION_MS = 4000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function providerFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const protocol = url.protocol === 'https:' ? 'https:' : url.protocol === 'http:' ? 'http:' : null;
  if (!protocol) return Promise.reject(new TypeError(`Unsupported protocol: ${url.protocol}`));
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const body = typeof init.body === 'string' ? init.body : init.body == null ? null : undefined;
  if (body === undefined) return Promise.reject(new TypeError('providerFetch sends string bodies only'));
  const headers = headersOf(init.headers);
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<Response>((resolve, reject) => {
    const request = (protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers, agent: agents[protocol] }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', fail);
      incoming.on('end', () => {
        signal?.removeEventListener('abort', onAbort);
        const status = incoming.statusCode ?? 502;
        const answer = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const one of value) answer.append(name, one);
          else if (value !== undefined) answer.set(name, value);
        }
        const text = NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks).toString('utf8');
        // A status no Response can hold (a broken proxy's 600) fails the call, as fetch does,
        // rather than throwing here, outside the promise, where it would end the site's process.
        try {
          resolve(new Response(text, { status, statusText: incoming.statusMessage ?? '', headers: answer }));
        } catch (error) {
          reject(new TypeError(`The provider answered what no response can hold (status ${status})`, { cause: error }));
        }
      });
    });
    function fail(error: unknown) {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    }
    // The client's time-out and a cancel abort the signal: the socket goes, and the call fails with the signal's reason.
    function onAbort() {
      request.destroy();
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    request.end(body ?? undefined);
  });
}

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const plain: Record<string, string> = {};
  if (!init) return plain;
  const entries = init instanceof Headers ? init.entries() : Array.isArray(init) ? init : Object.entries(init);
  for (const [name, value] of entries) plain[name.toLowerCase()] = value;
  return plain;
}
