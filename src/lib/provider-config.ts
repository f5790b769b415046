import type { ProviderConfig } from '../config/provider';

export type { ProviderConfig };

/** The id of the JSON script element app pages inline (docs/ARCHITECTURE.md). */
const PROVIDER_CONFIG_ELEMENT_ID = 'provider-config';

let cached: ProviderConfig | null = null;

/**
 * The runtime provider configuration in the browser. The site reads it from its
 * environment at start and inlines it in each page, so one build serves either
 * provider. Read once, then kept: it cannot change without a page load.
 */
export function getProviderConfig(): ProviderConfig {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(PROVIDER_CONFIG_ELEMENT_ID);
  if (!element?.textContent) {
    throw new Error(`The page has no <script type="application/json" id="${PROVIDER_CONFIG_ELEMENT_ID}">`);
  }
  cached = JSON.parse(element.textContent) as ProviderConfig;
  return cached;
}

/** Test seam: replaces the configuration, for tests that run without a page (null: read the page again). */
export function setProviderConfig(config: ProviderConfig | null): void {
  cached = config;
}
