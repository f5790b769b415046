/**
 * A stack of its own for the tests of the session's life: a fresh sandbox (faults on, the
 * token lifetime the test asks) and any number of site instances, all on one session store
 * (a real Redis when `redisUrl` is given), on ports of their own so the shared e2e stack is
 * never touched. An instance can be killed with SIGKILL and started again, as a crashed
 * server behind a load balancer would be.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';

interface Service {
  name: string;
  child: { kill(signal: string): boolean; exitCode: number | null; signalCode: string | null };
  exited: Promise<unknown>;
}
interface ServicesLib {
  startService(options: { name: string; args: string[]; env: Record<string, string> }): Service;
  waitUntilAnswering(service: Service, url: string, timeoutMs: number): Promise<void>;
  stopServices(services: Service[]): Promise<void>;
}
interface StackLib {
  startStack(options: Record<string, unknown>): { sandboxUrl: string; ready: Promise<void>; stop: () => Promise<void> };
}

// Non-literal specifiers: the scripts are plain JavaScript without type declarations.
const scriptsLib = (name: string) => new URL(`../../../scripts/lib/${name}`, import.meta.url).href;

export interface SiteInstance {
  url: string;
  /** Ends the process at once (SIGKILL): no request it held finishes, nothing is flushed. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store. */
  start(): Promise<void>;
}

export interface OwnStack {
  sandboxUrl: string;
  sites: SiteInstance[];
  /** The instance at `index` (0 is the stack's own); throws when the stack has fewer. */
  site(index: number): SiteInstance;
  stop(): Promise<void>;
}

/** A sandbox and `sites` site instances on ports from `basePort` (sandbox basePort + 1, sites basePort, +2, +3, ...). */
export async function startOwnStack(options: { name: string; basePort: number; sites: number; tokenTtl?: number; redisUrl?: string }): Promise<OwnStack> {
  const { snapshotBuild } = (await import(scriptsLib('build.mjs'))) as { snapshotBuild: (name: string) => Promise<string> };
  const { startStack } = (await import(scriptsLib('stack.mjs'))) as StackLib;
  const services = (await import(scriptsLib('services.mjs'))) as ServicesLib;
  const distDir = await snapshotBuild(options.name);
  const dataDir = mkdtempSync(join(tmpdir(), `my-music-${options.name}-`));
  const sitePorts = Array.from({ length: options.sites }, (_, index) => options.basePort + (index === 0 ? 0 : index + 1));
  const sandboxPort = options.basePort + 1;
  const firstPort = options.basePort;
  const siteEnv = (port: number): Record<string, string> => ({
    PROVIDER: 'sandbox',
    SITE_URL: `http://${HOST}:${port}`,
    SESSION_DIR: join(dataDir, 'sessions'),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  });
  const stack = startStack({
    host: HOST,
    sitePort: firstPort,
    sandboxPort,
    distDir,
    sandboxEnv: {
      SANDBOX_DATA_DIR: join(dataDir, 'sandbox'),
      SANDBOX_SIZE: 'small',
      SANDBOX_FAULTS: '1',
      SANDBOX_PUBLIC_URL: `http://${HOST}:${sandboxPort}`,
      ...(options.tokenTtl ? { SANDBOX_TOKEN_TTL: String(options.tokenTtl) } : {}),
    },
    siteEnv: siteEnv(firstPort),
  });
  await stack.ready;

  const extra: Service[] = [];
  const startSite = async (port: number): Promise<Service> => {
    const service = services.startService({
      name: `site-${port}`,
      args: [fileURLToPath(new URL('../../../scripts/serve-site.mjs', import.meta.url)), distDir],
      env: { HOST, PORT: String(port), SANDBOX_URL: stack.sandboxUrl, ...siteEnv(port) },
    });
    await services.waitUntilAnswering(service, `http://${HOST}:${port}/auth`, 60_000);
    extra.push(service);
    return service;
  };
  const sites: SiteInstance[] = [];
  for (const [index, port] of sitePorts.entries()) {
    // The first instance is the stack's own; it is killed through its port's process below.
    let service: Service | null = index === 0 ? null : await startSite(port);
    sites.push({
      url: `http://${HOST}:${port}`,
      async kill() {
        if (!service) throw new Error('the first instance belongs to the stack; kill another one');
        service.child.kill('SIGKILL');
        await service.exited;
        service = null;
      },
      async start() {
        if (service) return;
        service = await startSite(port);
      },
    });
  }
  return {
    sandboxUrl: stack.sandboxUrl,
    sites,
    site(index) {
      const instance = sites[index];
      if (!instance) throw new Error(`the stack has ${sites.length} site instances, not ${index + 1}`);
      return instance;
    },
    async stop() {
      await services.stopServices(extra);
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
