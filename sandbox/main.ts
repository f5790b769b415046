import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from './app';
import { listenUrl, readSandboxEnv, SandboxEnvError } from './env';

/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;

/**
 * Starts the sandbox provider alone (`npm run sandbox`), with settings from SANDBOX_* variables.
 * SANDBOX_PORT=0 lets the system pick a free port; the ready line names the URL it got.
 */
function start(): void {
  let config;
  try {
    config = readSandboxEnv(process.env);
  } catch (error) {
    if (error instanceof SandboxEnvError) {
      console.error(`sandbox: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  let sandbox: Sandbox | null = null;
  // The port is bound first, so that port 0's real port is known before the catalogue's
  // URLs are built. The sandbox is then made synchronously in the 'listening' callback:
  // no request is read before it exists, and a supervisor polling the port sees it answer
  // only once it is ready.
  const server = serve({ fetch: (request, env) => sandbox!.app.fetch(request, env), hostname: config.host, port: config.port }) as Server;
  // Node closes an idle keep-alive socket after 5 s, and a browser that reuses it at that
  // moment sees a dropped connection (which the client retries: a second request). Like
  // the provider's front ends, keep idle sockets longer than browsers do, so they close first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // The SDK's event streams are WebSockets on the same port.
  server.on('upgrade', (request, socket, head) => {
    if (sandbox) sandbox.streams.upgrade(request, socket, head);
    else socket.destroy();
  });
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  // Asked by a test through POST /__sandbox/restart: end with the code that makes the
  // supervisor (scripts/lib/stack.mjs) start a new process on the same data.
  const restartExitCode = config.restartExitCode;
  const restart =
    restartExitCode === null
      ? undefined
      : () => {
          server.closeAllConnections();
          server.close();
          sandbox?.close();
          process.exit(restartExitCode);
        };
  server.on('listening', () => {
    const port = (server.address() as AddressInfo).port;
    const publicUrl = config.port === 0 && !process.env.SANDBOX_PUBLIC_URL ? listenUrl(config.host, port) : config.publicUrl;
    sandbox = createSandbox({ ...config, port, publicUrl, restart });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Sandbox provider on ${publicUrl} (${config.size} catalogue, ${config.apiProfile} profile, ready in ${seconds}s)`);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      console.error(`sandbox: port ${config.port} is in use; stop what holds it or set SANDBOX_PORT to another port`);
    } else {
      console.error(`sandbox: cannot listen on ${config.host}:${config.port}: ${error.message}`);
    }
    sandbox?.close();
    process.exit(1);
  });
  const stop = () => {
    // Open event streams would hold close() as long as their tabs stay.
    sandbox?.streams.close();
    server.close(() => {
      sandbox?.close();
      process.exit(0);
    });
    // Open keep-alive connections would hold close() forever.
    setTimeout(() => {
      sandbox?.close();
      process.exit(0);
    }, 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start();
