import { describe, expect, it } from 'vitest';
import { ApiError, mapRequestError } from '../../src/api/errors';

// DESIGN §2: development mode refuses an account that may not use the app at all, in words that
// have changed over time; each sends the user to /access_denied with the provider's message,
// also when the call refused was one whose capability the app learns (it says nothing of that).
const refused = (message: string) => new ApiError('http', message, 403, null, message);

describe("the provider's refusal of the account", () => {
  it.each([
    'The user is not registered for this application',
    'Check settings on developer.spotify.com/dashboard, the user may not be registered.',
    'User not registered in the Developer Dashboard',
  ])('"%s" denies access with the message, before any capability verdict', (message) => {
    expect(mapRequestError(refused(message))).toEqual({ type: 'deny-access', message });
    expect(mapRequestError(refused(message), { capability: 'legacyLibrary' })).toEqual({ type: 'deny-access', message });
  });

  it('another 403 of a capability call is that capability missing', () => {
    expect(mapRequestError(refused('Forbidden'), { capability: 'legacyLibrary' })).toEqual({ type: 'capability-missing', capability: 'legacyLibrary' });
  });
});
