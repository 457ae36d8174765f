import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi';

describe('toWinAnsi', () => {
  it('keeps German letters, the euro sign, dashes and German quotes', () => {
    const text = 'Lägerdorf Öl Übergabe Straße 12,50 € – „frisch“ ‚x‘ m³ · ½';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('composes decomposed umlauts into the one glyph', () => {
    expect(toWinAnsi('La\u0308gerdorf')).toBe('Lägerdorf');
  });

  it('keeps the base letter of accents WinAnsi lacks, and maps letters without one', () => {
    expect(toWinAnsi('Łukasz Nowak, Dvořák, Kőszeg, İstanbul')).toBe('Lukasz Nowak, Dvorák, Koszeg, Istanbul');
    expect(toWinAnsi('A → B, x ≥ 3, −5')).toBe('A -> B, x >= 3, -5');
  });

  it('replaces what has no WinAnsi form, drops control characters and keeps line breaks', () => {
    expect(toWinAnsi('OK 😀 中')).toBe('OK ? ?');
    expect(toWinAnsi('a\u0007b\u0085c')).toBe('abc');
    expect(toWinAnsi('Zeile 1\r\nZeile 2\rZeile 3\tEnde')).toBe('Zeile 1\nZeile 2\nZeile 3 Ende');
  });
});
