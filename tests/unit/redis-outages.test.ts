import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { reportOutages } from '../../src/server/redis';
import type Redis from 'ioredis';

// src/server/redis.ts: Redis going away is said once, and its coming back once, however many
// reconnection attempts fail meanwhile (ioredis printed a stack trace for each, every 2 s).
describe("the site's Redis connection", () => {
  it('says once that Redis went away and once that it is back, for each outage', () => {
    const redis = new EventEmitter();
    const said: string[] = [];
    reportOutages(redis as unknown as Pick<Redis, 'on'>, { warn: (words: string) => said.push(`warn ${words}`), info: (words: string) => said.push(`info ${words}`) });
    redis.emit('ready');
    for (let attempt = 0; attempt < 5; attempt++) redis.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6440'));
    redis.emit('ready');
    redis.emit('error', new Error('read ECONNRESET'));
    expect(said).toEqual([
      'warn Redis cannot be reached (connect ECONNREFUSED 127.0.0.1:6440); trying again',
      'info Redis answers again',
      'warn Redis cannot be reached (read ECONNRESET); trying again',
    ]);
  });
});
