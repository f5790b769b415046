// What the site answers a request Node could not read as HTTP (its 'clientError'). Node's own
// answer to a request line and headers over its limit (16 KB) is an empty "431 Request Header
// Fields Too Large": a blank page, and no word of what to do. Cookies on 127.0.0.1 are shared by every port, so
// another local app's cookies count toward that limit. Every other case is answered as Node
// answers it (its http server's socketOnError, Node 20): 413, 408 or 400, empty.

// The same limit holds the address: a link with a query of thousands of characters (a search
// pasted into the address bar) meets it too, and Node cannot say which of the two it was.
const TOO_LARGE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request too large | My Music</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5"><h1>Request too large</h1><p>The site could not read this request: its address is too long, or your browser sent more cookies than the site can read.</p><p><a href="/">Open My Music again</a>. If this page comes back, clear this site's cookies (and those of other apps on this address).</p></body></html>`;

/** Node's own answers, by the error's code. */
const NODE_ANSWERS = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/**
 * The raw HTTP answer for a request Node refused with `code`, closing the connection. The page
 * carries `headers` (the site's security headers: serve-site.mjs's BUILT_FILE_HEADERS), as
 * every other answer of the site does.
 * @param {string | undefined} code the error's code (HPE_HEADER_OVERFLOW for headers too large)
 * @param {Record<string, string>} [headers]
 */
export function clientErrorAnswer(code, headers = {}) {
  if (code === 'HPE_HEADER_OVERFLOW') {
    const body = Buffer.from(TOO_LARGE_PAGE);
    const security = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    return `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${body.length}\r\n${security}Connection: close\r\n\r\n${TOO_LARGE_PAGE}`;
  }
  return NODE_ANSWERS[/** @type {keyof typeof NODE_ANSWERS} */ (code)] ?? BAD_REQUEST;
}

/**
 * The server's 'clientError' handler, as Node's own: an answer only on a socket that has sent
 * nothing yet (not in the middle of a response), then the socket is closed.
 * @param {Error & { code?: string }} error
 * @param {import('node:net').Socket} socket
 * @param {Record<string, string>} [headers] the security headers of the site's page
 */
export function answerClientError(error, socket, headers = {}) {
  if (socket.writable && socket.bytesWritten === 0) socket.write(clientErrorAnswer(error.code, headers));
  socket.destroy(error);
}
