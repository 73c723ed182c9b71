import { describe, expect, it } from 'vitest';
import { formatSpec, fromDisplay, roundForDisplay, toDisplay, unitKinds, unitSymbol } from './units';

describe('spec units', () => {
  it('converts canonical values to the imperial units buyers know', () => {
    expect(toDisplay('pressure', 8, 'imperial')).toBeCloseTo(116.03, 2);
    expect(toDisplay('flow', 1050, 'imperial')).toBeCloseTo(37.08, 2);
    expect(toDisplay('power', 7.5, 'imperial')).toBeCloseTo(10.06, 2);
    expect(toDisplay('volume', 50, 'imperial')).toBeCloseTo(13.21, 2);
    expect(toDisplay('mass', 31, 'imperial')).toBeCloseTo(68.34, 2);
    expect(toDisplay('torque', 1000, 'imperial')).toBeCloseTo(737.56, 2);
    expect(toDisplay('voltage', 230, 'imperial')).toBe(230);
    expect(toDisplay('noise', 68, 'imperial')).toBe(68);
    expect(toDisplay('pressure', 8, 'metric')).toBe(8);
  });

  it('round-trips every kind in both systems', () => {
    for (const kind of unitKinds) {
      for (const v of [0, 0.35, 1, 7.5, 68, 230, 1050, 123_456.789]) {
        expect(fromDisplay(kind, toDisplay(kind, v, 'imperial'), 'imperial')).toBeCloseTo(v, 9);
        expect(toDisplay(kind, fromDisplay(kind, v, 'imperial'), 'imperial')).toBeCloseTo(v, 9);
        expect(fromDisplay(kind, toDisplay(kind, v, 'metric'), 'metric')).toBe(v);
      }
    }
  });

  it('takes filters typed in imperial units back to the canonical unit', () => {
    expect(fromDisplay('pressure', 145.04, 'imperial')).toBeCloseTo(10, 3);
    expect(fromDisplay('flow', 35.31, 'imperial')).toBeCloseTo(1000, 0);
    expect(fromDisplay('power', 1, 'imperial')).toBeCloseTo(0.7457, 4);
  });

  it('names the unit of each system', () => {
    expect(unitSymbol('pressure', 'imperial')).toBe('psi');
    expect(unitSymbol('flow', 'metric')).toBe('L/min');
    expect(unitSymbol('torque', 'imperial')).toBe('ft·lb');
    expect(unitSymbol('noise', 'imperial')).toBe('dB(A)');
  });

  it('formats without false precision', () => {
    expect(roundForDisplay(7.2519)).toBe(7.25);
    expect(roundForDisplay(0.3512)).toBe(0.351);
    expect(roundForDisplay(1050.4)).toBe(1050);
    expect(formatSpec('flow', 1050)).toBe('1,050 L/min');
    expect(formatSpec('pressure', 8, 'imperial')).toBe('116 psi');
    expect(formatSpec('flow', 1050, 'imperial')).toBe('37.1 CFM');
    expect(formatSpec('power', 1.5, 'imperial')).toBe('2.01 HP');
  });
});
