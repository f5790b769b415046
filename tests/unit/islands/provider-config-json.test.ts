import { afterEach, describe, expect, it } from 'vitest';
import { providerConfigJson } from '../../../src/layouts/provider-config-json';

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
});

describe('the provider config inlined into pages', () => {
  it('is read from the environment per call, so one build serves whichever provider is configured', () => {
    process.env.SANDBOX_URL = 'http://127.0.0.1:4999';
    delete process.env.PROVIDER;
    const config = JSON.parse(providerConfigJson()) as { authorizeUrl: string; clientId: string };
    expect(config.authorizeUrl).toBe('http://127.0.0.1:4999/authorize');
    expect(config.clientId).toBe('my-music');
  });

  it('cannot close its <script> element early', () => {
    process.env.PROVIDER_AUTHORIZE_URL = 'http://127.0.0.1:4999/</script><script>alert(1)</script>';
    const text = providerConfigJson();
    expect(text).not.toContain('</script>');
    expect((JSON.parse(text) as { authorizeUrl: string }).authorizeUrl).toBe(process.env.PROVIDER_AUTHORIZE_URL);
  });
});
