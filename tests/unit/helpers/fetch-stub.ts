import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

type Reply = Response | Error | ((request: SeenRequest, signal: AbortSignal | null) => Response | Error | Promise<Response>);

/**
 * Replaces global fetch with scripted answers, for session.test.ts's calls to the token URL.
 * The API client's tests use none: a real sandbox and its fault injection produce every
 * answer and failure they need (api-sandbox-rules.test.ts, error-catalogue.test.ts).
 * Replies are used in order; the last one repeats.
 */
export function stubFetch(...replies: Reply[]): SeenRequest[] {
  const seen: SeenRequest[] = [];
  let index = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input instanceof Request ? input.url : input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    seen.push(request);
    const reply = replies[Math.min(index++, replies.length - 1)];
    const answer = typeof reply === 'function' ? await reply(request, init.signal ?? null) : reply;
    if (answer instanceof Error) throw answer;
    // A repeated reply must not hand out a body that was already read.
    return answer ? answer.clone() : new Response(null, { status: 204 });
  });
  return seen;
}

/** A JSON response as the provider sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}
