// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_VISIBLE_MS, useFlash } from './useFlash';
import { useExpiringList } from './useExpiringList';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useExpiringList', () => {
  it('removes an entry after its time, keeps one without, and removes on request', () => {
    const { result } = renderHook(() => useExpiringList<{ text: string }>());
    let kept = 0;
    act(() => {
      result.current.add({ text: 'kurz' }, 1000);
      kept = result.current.add({ text: 'bleibt' }, null);
    });
    expect(result.current.items.map((i) => i.text)).toEqual(['kurz', 'bleibt']);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.items.map((i) => i.text)).toEqual(['bleibt']);
    act(() => result.current.remove(kept));
    expect(result.current.items).toEqual([]);
  });

  it('drops what the new entry replaces; the new one keeps its own time', () => {
    const { result } = renderHook(() => useExpiringList<{ kind: string; text: string }>());
    act(() => {
      result.current.add({ kind: 'a', text: 'alt' }, 1000);
    });
    act(() => vi.advanceTimersByTime(600));
    act(() => {
      result.current.add({ kind: 'a', text: 'neu' }, 1000, (old) => old.kind === 'a');
    });
    act(() => vi.advanceTimersByTime(600));
    // The old entry's time is over; the new one is still within its second.
    expect(result.current.items.map((i) => i.text)).toEqual(['neu']);
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.items).toEqual([]);
  });
});

describe('useFlash (§9)', () => {
  it('lets a success vanish after 3 s and keeps an error, one message per kind', () => {
    const { result } = renderHook(() => useFlash());
    act(() => {
      result.current.success('Gespeichert');
      result.current.error('Fehler A');
      result.current.error('Fehler B');
    });
    expect(result.current.flashes.map((f) => f.text)).toEqual(['Gespeichert', 'Fehler B']);
    act(() => vi.advanceTimersByTime(SUCCESS_VISIBLE_MS));
    expect(result.current.flashes.map((f) => f.text)).toEqual(['Fehler B']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.flashes.map((f) => f.text)).toEqual(['Fehler B']);
  });
});
