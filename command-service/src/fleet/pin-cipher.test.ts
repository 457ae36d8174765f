import { describe, expect, it } from 'vitest';
import { createPinCipher } from './pin-cipher';

const key = 'a-test-key-of-more-than-thirty-two-characters';

describe('PIN cipher (AES-256-GCM)', () => {
  it('decrypts what it encrypted, with a fresh nonce every time', () => {
    const cipher = createPinCipher(key);
    const a = cipher.encrypt('4711', 'c-1');
    const b = cipher.encrypt('4711', 'c-1');
    expect(a.algorithm).toBe('aes-256-gcm');
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(JSON.stringify(a)).not.toContain('4711');
    expect(cipher.decrypt(a, 'c-1')).toBe('4711');
    expect(cipher.decrypt(b, 'c-1')).toBe('4711');
  });

  it('refuses a PIN copied to another card, a tampered ciphertext and another key', () => {
    const cipher = createPinCipher(key);
    const secret = cipher.encrypt('4711', 'c-1');
    expect(() => cipher.decrypt(secret, 'c-2')).toThrow();
    const flipped = Buffer.from(secret.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => cipher.decrypt({ ...secret, ciphertext: flipped.toString('base64') }, 'c-1')).toThrow();
    expect(() => createPinCipher(`${key}-other`).decrypt(secret, 'c-1')).toThrow();
  });

  it('wants key material of at least 32 characters', () => {
    expect(() => createPinCipher('kurz')).toThrow('PIN_KEY muss mindestens 32 Zeichen lang sein.');
  });
});
