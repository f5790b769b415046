/**
 * The benches' own stack: a snapshot of the built site (a concurrent rebuild cannot change it)
 * and a fresh sandbox in a temporary data directory, on the bench ports moved by `portOffset`
 * so two benches never share one. `stop()` ends both and deletes the copies.
 */
import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../../tests/e2e/helpers/chromium';

const HOST = '127.0.0.1';

export interface BenchStack {
  siteUrl: string;
  sandboxUrl: string;
  stop: () => Promise<void>;
}

interface StartedStack {
  siteUrl: string;
  sandboxUrl: string | null;
  ready: Promise<void>;
  stop: () => Promise<void>;
}

// Non-literal specifiers: the scripts are plain JavaScript without type declarations.
const scriptsLib = (name: string) => new URL(`../../scripts/lib/${name}`, import.meta.url).href;

/** Starts the stack and resolves once both answer. `name` labels the snapshot and the data directory. */
export async function startBenchStack(
  name: string,
  options: { size?: string; portOffset?: number; sandboxEnv?: Record<string, string>; siteEnv?: Record<string, string>; siteNodeArgs?: string[] } = {},
): Promise<BenchStack> {
  const { snapshotBuild } = (await import(scriptsLib('build.mjs'))) as { snapshotBuild: (name: string) => Promise<string> };
  const { startStack } = (await import(scriptsLib('stack.mjs'))) as { startStack: (options: Record<string, unknown>) => StartedStack };
  const offset = options.portOffset ?? 0;
  const sitePort = Number(process.env.BENCH_SITE_PORT ?? 4361) + offset;
  const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4362) + offset;
  const distDir = await snapshotBuild(name);
  const dataDir = mkdtempSync(join(tmpdir(), `my-music-${name}-`));
  const stack = startStack({
    host: HOST,
    sitePort,
    sandboxPort,
    distDir,
    siteNodeArgs: options.siteNodeArgs,
    sandboxEnv: { SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: options.size ?? 'small', SANDBOX_PUBLIC_URL: `http://${HOST}:${sandboxPort}`, ...options.sandboxEnv },
    siteEnv: { PROVIDER: 'sandbox', SITE_URL: `http://${HOST}:${sitePort}`, ...options.siteEnv },
  });
  const stop = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  };
  try {
    await stack.ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { siteUrl: stack.siteUrl, sandboxUrl: stack.sandboxUrl!, stop };
}

/** A bench's stack and the Chromium that drives it; `cleanUp` closes the browser, then stops the stack. */
export async function startBenchWithBrowser(
  name: string,
  options: Parameters<typeof startBenchStack>[1] = {},
): Promise<{ stack: BenchStack; browser: Browser; cleanUp: () => Promise<void> }> {
  const stack = await startBenchStack(name, options);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs }).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  return {
    stack,
    browser,
    cleanUp: async () => {
      await browser.close();
      await stack.stop();
    },
  };
}
