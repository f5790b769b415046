import { describe, expect, it } from 'vitest';
import { sameData } from '../../src/lib/same-data';

describe('sameData', () => {
  it('is true for equal primitives, arrays and plain objects however deep, whatever the key order', () => {
    expect(sameData(1, 1)).toBe(true);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
    expect(sameData(null, null)).toBe(true);
    expect(sameData({ a: [1, { b: 'x', c: null }], d: true }, { d: true, a: [1, { c: null, b: 'x' }] })).toBe(true);
    expect(sameData(Object.assign(Object.create(null), { a: 1 }), { a: 1 })).toBe(true);
  });

  it('is false for any difference: a value, a missing or extra key, a length, a type', () => {
    expect(sameData({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1], { 0: 1, length: 1 })).toBe(false);
    expect(sameData('1', 1)).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(0, -0)).toBe(false);
  });

  it('takes anything but plain data (a Map, a Date) as the same only when it is the same object', () => {
    const when = new Date(0);
    expect(sameData(when, when)).toBe(true);
    expect(sameData(new Date(0), new Date(0))).toBe(false);
    expect(sameData(new Map([[1, 1]]), new Map([[1, 1]]))).toBe(false);
  });
});
