import { describe, expect, it } from 'vitest';
import { crashWindow, isCrash, isStartRefused, refusesRestart } from './worker-exits';

describe('isCrash', () => {
  it('does not count a worker that was stopped (SIGTERM or SIGINT, exit 0)', () => {
    expect(isCrash(0, null)).toBe(false);
    expect(isCrash(null, 'SIGTERM')).toBe(false);
    expect(isCrash(null, 'SIGINT')).toBe(false);
  });

  it('counts a non-zero exit and death by any other signal', () => {
    expect(isCrash(1, null)).toBe(true);
    expect(isCrash(134, null)).toBe(true);
    expect(isCrash(null, 'SIGKILL')).toBe(true);
    expect(isCrash(null, 'SIGSEGV')).toBe(true);
  });
});

describe('crashWindow', () => {
  it('gives up once the limit of crashes was replaced within the window, not counting older ones', () => {
    const window = crashWindow(5, 60_000);
    const at = (seconds: number) => seconds * 1000;
    for (const second of [0, 10, 20, 30, 40]) expect(window.tooMany(at(second))).toBe(false);
    // A sixth within a minute of the first.
    expect(window.tooMany(at(50))).toBe(true);

    const spread = crashWindow(5, 60_000);
    // One crash every 15 s: never five before within a minute.
    for (let second = 0; second < 600; second += 15) expect(spread.tooMany(at(second))).toBe(false);
  });
});

describe('refusesRestart', () => {
  it('stops the cluster for a start refused for a setting (exit 78), not for a crash', () => {
    expect(refusesRestart(78)).toBe(true);
    expect(refusesRestart(1)).toBe(false);
    expect(refusesRestart(0)).toBe(false);
    expect(refusesRestart(null)).toBe(false);
  });

  it("knows a worker's message telling its refused start", () => {
    expect(isStartRefused({ startRefused: 'PORT 3329 on 127.0.0.1 is in use' })).toBe(true);
    expect(isStartRefused({ cmd: 'NODE_CLUSTER' })).toBe(false);
    expect(isStartRefused(null)).toBe(false);
  });
});
