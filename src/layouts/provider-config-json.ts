import { readProviderConfig } from '../config/provider';
import { jsonBlockText } from '../lib/json-block';

/**
 * The runtime provider configuration as JSON text safe to place inside
 * <script type="application/json" id="provider-config"> (src/lib/provider-config.ts reads it).
 * Read per request so one build serves whichever provider the environment names.
 */
export function providerConfigJson(): string {
  return jsonBlockText(readProviderConfig(process.env));
}

/** The provider's API origin, preconnected by the app pages so the first call skips DNS, TCP and TLS. */
export function providerApiOrigin(): string | null {
  try {
    return new URL(readProviderConfig(process.env).apiBase).origin;
  } catch {
    return null;
  }
}
