// The site and the sandbox started together, the site's provider settings
// pointing at that sandbox. `npm start`, the test server and the bench differ
// only in ports, data directory and sandbox options.
import { join } from 'node:path';
import { ROOT } from './paths.mjs';
import { describeExit, startService, stopServices, waitUntilAnswering } from './services.mjs';

/** The sandbox's first start may generate a whole catalogue; give it time. */
const SITE_SERVER = join(ROOT, 'scripts', 'serve-site.mjs');

const SANDBOX_READY_MS = 240_000;
const SITE_READY_MS = 60_000;
/** The sandbox's exit code for "start me again" (EX_TEMPFAIL), when restarts are on. */
const RESTART_EXIT_CODE = 75;

/**
 * @param {object} options
 * @param {string} options.host            interface both listen on (127.0.0.1)
 * @param {number} options.sitePort
 * @param {number | null} options.sandboxPort  null: no sandbox (PROVIDER=spotify)
 * @param {Record<string, string>} [options.sandboxEnv]  SANDBOX_* settings for this run
 * @param {Record<string, string>} [options.siteEnv]     extra settings for the site
 * @param {boolean} [options.ownGroups]    see startService
 * @param {string} [options.distDir]      a copy of dist/ to run (snapshotBuild); dist/ itself by default
 * @param {string[]} [options.siteNodeArgs]  Node flags for the site's process (a bench's `--cpu-prof`)
 * @param {boolean} [options.restartableSandbox]  the sandbox may ask to be started again
 *   (POST /__sandbox/restart, for tests of what survives a restart); the test server only
 */
export function startStack({ host, sitePort, sandboxPort, sandboxEnv = {}, siteEnv = {}, ownGroups = false, distDir, siteNodeArgs = [], restartableSandbox = false }) {
  const siteUrl = `http://${host}:${sitePort}`;
  const sandboxUrl = sandboxPort === null ? null : `http://${host}:${sandboxPort}`;
  const services = [];
  let stopping = false;
  /** Resolves with the first service that exits on its own (a requested restart is not one). */
  let reportExit;
  const firstExit = new Promise((resolve) => (reportExit = resolve));

  const startSandbox = () =>
    startService({
      name: 'sandbox',
      args: ['--import', 'tsx', 'sandbox/main.ts'],
      env: {
        SANDBOX_HOST: host,
        SANDBOX_PORT: String(sandboxPort),
        ...(restartableSandbox ? { SANDBOX_RESTART_EXIT_CODE: String(RESTART_EXIT_CODE) } : {}),
        ...sandboxEnv,
      },
      ownGroup: ownGroups,
    });
  const watch = (service) =>
    service.exited.then((exit) => {
      if (service.name === 'sandbox' && restartableSandbox && !stopping && exit.code === RESTART_EXIT_CODE) {
        console.log('stack: the sandbox asked for a restart; starting it again on the same data');
        const next = startSandbox();
        services[services.indexOf(service)] = next;
        watch(next);
        return;
      }
      reportExit(exit);
    });

  if (sandboxPort !== null) services.push(startSandbox());
  // The site reads its provider settings from this environment at start
  // (src/config/provider.ts); the sandbox URL follows the sandbox's port.
  const providerEnv = sandboxUrl === null ? {} : { SANDBOX_URL: sandboxUrl, SANDBOX_PORT: String(sandboxPort) };
  services.push(
    startService({
      name: 'site',
      // Through serve-site.mjs, so the built files carry the security headers too.
      args: [...siteNodeArgs, SITE_SERVER, ...(distDir ? [distDir] : [])],
      env: { HOST: host, PORT: String(sitePort), ...providerEnv, ...siteEnv },
      ownGroup: ownGroups,
    }),
  );

  for (const service of services) watch(service);
  const stop = () => {
    stopping = true;
    return stopServices(services);
  };

  /** Resolves when both answer HTTP; rejects (after stopping both) when either cannot start. */
  const ready = Promise.all(
    services.map((service) =>
      service.name === 'site'
        ? waitUntilAnswering(service, siteUrl, SITE_READY_MS)
        : waitUntilAnswering(service, sandboxUrl, SANDBOX_READY_MS),
    ),
  ).then(
    () => undefined,
    async (error) => {
      await stop();
      throw error;
    },
  );
  return { siteUrl, sandboxUrl, stop, ready, firstExit };
}

export { describeExit };
