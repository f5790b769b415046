import { fileURLToPath } from 'node:url';

/** The provider's OpenAPI description, kept in the repository: sandbox/conformance/README.md names its source and licence. */
export const PROVIDER_DESCRIPTION = fileURLToPath(new URL('../conformance/spotify-web-api.openapi.yml', import.meta.url));
