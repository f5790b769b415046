import { configureApiClient } from '../api/client';
import type { ErrorOutcome } from '../api/errors';
import { hasCapabilityAnswered, isCapabilityUsable, markCapabilityAvailable, markCapabilityMissing } from './capabilities';
import { $session, denyAccess, expireSession, refreshSession } from './session';
import { showToast } from './toasts';
import { openPremiumPrompt } from './ui';

// The API client never imports stores; this module hands it the session, the
// capability record and the reactions to SPEC §8's outcomes, once, when loaded.
// src/stores/session.ts imports it, so whatever holds a session has a wired client.

function carryOut(outcome: ErrorOutcome): void {
  switch (outcome.type) {
    case 'silent':
      return;
    case 'toast':
      return void showToast(outcome.message);
    case 'expire-session':
      return expireSession();
    case 'deny-access':
      return denyAccess(outcome.message ?? undefined);
    case 'premium-prompt':
      return openPremiumPrompt();
    case 'capability-missing':
      return markCapabilityMissing(outcome.capability);
  }
}

configureApiClient({
  getSession: () => $session.get(),
  // Through arrows: with the import cycle, session.ts may still be loading when this runs.
  refreshSession: () => refreshSession(),
  capabilities: {
    isUsable: isCapabilityUsable,
    hasAnswered: hasCapabilityAnswered,
    markAvailable: markCapabilityAvailable,
    markMissing: markCapabilityMissing,
  },
  onOutcome: carryOut,
});
