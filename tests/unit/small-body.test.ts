import { describe, expect, it } from 'vitest';
import { readSmallBody } from '../../src/server/request-guard';

/** A request whose body streams in `parts`, with no Content-Length (chunked), as a client may send it. */
function streamed(parts: string[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
  return new Request('http://127.0.0.1/session/token', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

describe("a site route's small body", () => {
  it('is read whole up to the bound, and refused beyond it by its Content-Length or by its stream', async () => {
    expect(await readSmallBody(new Request('http://127.0.0.1/x', { method: 'POST', body: '{"refused":"t"}' }))).toBe('{"refused":"t"}');
    expect(await readSmallBody(new Request('http://127.0.0.1/x', { method: 'POST' }))).toBe('');
    expect(await readSmallBody(new Request('http://127.0.0.1/x', { method: 'POST', body: 'x'.repeat(5000) }), 4096)).toBeNull();
    expect(await readSmallBody(streamed(['{"a":', '"é"}']))).toBe('{"a":"é"}');
    expect(await readSmallBody(streamed(['x'.repeat(3000), 'x'.repeat(3000)]), 4096)).toBeNull();
  });
});
