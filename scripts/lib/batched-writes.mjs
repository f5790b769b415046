// A page leaves the site as Astro renders it: one write to the response per piece of HTML (a
// few hundred for an album page), each compressed with a flush of its own (so that a page that
// streams sends its shell before the provider has answered) and each its own call to the socket.
// The pieces that are ready in one turn of the event loop go out as one write instead: a page
// that waits for the provider still sends what it has the moment it starts waiting, as the
// wait ends the turn, and a page rendered whole leaves in one compressed block.

/**
 * Gathers `response`'s writes until the event loop's current turn ends, then writes them as one.
 * `end` writes what is gathered first; a write with a callback (an error's last words) goes
 * out at once after what was gathered. Writes answer true: a page is at most a few hundred KB,
 * held for less than one turn.
 * @param {import('node:http').ServerResponse} response
 * @param {(callback: () => void) => void} [nextTurn] when the gathered writes leave (tests pass their own)
 */
export function batchWrites(response, nextTurn = setImmediate) {
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  /** @type {Buffer[]} */
  let gathered = [];
  let waiting = false;

  const flush = () => {
    waiting = false;
    if (gathered.length === 0) return;
    const chunks = gathered;
    gathered = [];
    write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };

  /** @type {any} */ (response).write = (chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (done) {
      flush();
      return write(bytes, done);
    }
    gathered.push(bytes);
    if (!waiting) {
      waiting = true;
      nextTurn(flush);
    }
    return true;
  };

  /** @type {any} */ (response).end = (...args) => {
    // end(chunk?, encoding?, callback?): the chunk joins what is gathered, the rest goes to end.
    if (args.length > 0 && typeof args[0] !== 'function' && args[0] != null) response.write(args.shift(), ...(typeof args[0] === 'string' ? [args.shift()] : []));
    flush();
    return end(...args);
  };
}
