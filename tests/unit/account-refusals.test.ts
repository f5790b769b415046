import { describe, expect, it } from 'vitest';
import { ApiError, isAccountRefusalText, mapRequestError } from '../../src/api/errors';

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

describe('the words /access_denied shows (its ?message=, which anyone can write)', () => {
  it("are the provider's refusal of the account, in any of its wordings, and nothing else", () => {
    expect(isAccountRefusalText('User not registered in the Developer Dashboard')).toBe(true);
    expect(isAccountRefusalText('Premium subscription required for the owner of the app')).toBe(true);
    expect(isAccountRefusalText('Active premium subscription required for the owner of the app')).toBe(true);
    expect(isAccountRefusalText('Active premium subscription required for the owner of the app.')).toBe(true);
    expect(isAccountRefusalText('Check settings on developer.spotify.com/dashboard, the user may not be registered.')).toBe(true);
    for (const other of ['Your account is locked. Call +1 555 0100.', 'Your account is locked: it is not registered. Call +1 555 0100', 'Bad OAuth request', '']) {
      expect(isAccountRefusalText(other), other).toBe(false);
    }
  });
});
