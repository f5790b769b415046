import { describe, expect, it } from 'vitest';
import { ApiError, UNAVAILABLE_MESSAGE, judgeCapabilityRefusal, probeResultOf } from '../../src/api/errors';

// DESIGN §2: one decision between "the endpoint is gone for this app" and "the thing asked
// for is not there"; the sandbox-backed cases are in api-sandbox-rules and api-sandbox-development.
describe('judgeCapabilityRefusal', () => {
  const first404 = { status: 404, answeredBefore: false, canProbe: true };

  it('reads a 403 as a gone endpoint, whatever is known', () => {
    expect(judgeCapabilityRefusal({ status: 403, answeredBefore: true, canProbe: true })).toBe('missing');
    expect(judgeCapabilityRefusal({ status: 403, answeredBefore: false, canProbe: true, probe: 'answered' })).toBe('missing');
  });

  it('reads a 404 from an endpoint that answered this session as "not there"', () => {
    expect(judgeCapabilityRefusal({ ...first404, answeredBefore: true })).toBe('absent');
  });

  it('asks a probe about a first 404 when it can, and follows its result', () => {
    expect(judgeCapabilityRefusal(first404)).toBe('probe');
    expect(judgeCapabilityRefusal({ ...first404, probe: 'answered' })).toBe('absent');
    expect(judgeCapabilityRefusal({ ...first404, probe: 'refused' })).toBe('missing');
    expect(judgeCapabilityRefusal({ ...first404, probe: 'failed' })).toBe('unsure');
  });

  it('reads a first 404 as gone when there is nothing to ask (the seed-era rule)', () => {
    expect(judgeCapabilityRefusal({ ...first404, canProbe: false })).toBe('missing');
  });
});

describe('probeResultOf', () => {
  it('reads a resolved probe as answered, a 403, 404 or known-gone as refused, anything else as failed', () => {
    expect(probeResultOf(null)).toBe('answered');
    expect(probeResultOf(new ApiError('http', 'Forbidden', 403))).toBe('refused');
    expect(probeResultOf(new ApiError('http', 'Not found', 404))).toBe('refused');
    expect(probeResultOf(new ApiError('unavailable', UNAVAILABLE_MESSAGE))).toBe('refused');
    expect(probeResultOf(new ApiError('http', 'Internal Server Error', 500))).toBe('failed');
    expect(probeResultOf(new ApiError('network', 'Failed to fetch'))).toBe('failed');
  });
});
