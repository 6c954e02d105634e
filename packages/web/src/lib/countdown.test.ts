import { describe, expect, it } from 'vitest';
import { announcementMinute, clock, secondsLeft } from './countdown.ts';

describe('payment countdown announcements', () => {
  it('fall on 5, 2 and 1 minute left, by the minute rounded up', () => {
    expect(announcementMinute(301)).toBeNull();
    expect(announcementMinute(300)).toBe(5);
    expect(announcementMinute(241)).toBe(5);
    expect(announcementMinute(240)).toBeNull();
    expect(announcementMinute(180)).toBeNull();
    expect(announcementMinute(120)).toBe(2);
    expect(announcementMinute(61)).toBe(2);
    expect(announcementMinute(60)).toBe(1);
    expect(announcementMinute(1)).toBe(1);
    expect(announcementMinute(0)).toBeNull();
  });

  it('changes only at the thresholds over a whole 10-minute hold', () => {
    const changes: number[] = [];
    let last: number | null = null;
    for (let s = 600; s >= 0; s--) {
      const m = announcementMinute(s);
      if (m !== last && m != null) changes.push(m);
      last = m;
    }
    expect(changes).toEqual([5, 2, 1]);
  });

  it('counts whole seconds to the deadline as mm:ss', () => {
    const deadline = '2030-01-01T10:10:00.000Z';
    expect(secondsLeft(deadline, Date.parse('2030-01-01T10:00:00.500Z'))).toBe(599);
    expect(secondsLeft(deadline, Date.parse('2030-01-01T10:11:00Z'))).toBe(0);
    expect(clock(599)).toBe('09:59');
  });
});
