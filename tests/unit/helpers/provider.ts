import type { ProviderConfig } from '../../../src/lib/provider-config';
import { setProviderConfig } from '../../../src/lib/provider-config';
import { setNavigator } from '../../../src/lib/navigation';

/** A provider configuration pointing at a base URL (a real sandbox or a fetch stub). */
export function useProvider(base = 'http://127.0.0.1:9', overrides: Partial<ProviderConfig> = {}): ProviderConfig {
  const config: ProviderConfig = {
    provider: 'sandbox',
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/api/token`,
    apiBase: `${base}/v1`,
    sdkUrl: `${base}/sdk/player.js`,
    clientId: 'my-music',
    redirectUri: 'http://127.0.0.1:4331/callback',
    scopes: ['user-read-email', 'streaming'],
    ...overrides,
  };
  setProviderConfig(config);
  return config;
}

/** Records navigations instead of performing them. */
export function recordNavigation(): { path: string; replace: boolean }[] {
  const visits: { path: string; replace: boolean }[] = [];
  setNavigator((path, { replace }) => visits.push({ path, replace }));
  return visits;
}
