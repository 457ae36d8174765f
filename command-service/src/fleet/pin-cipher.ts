import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EncryptedSecret } from '@dispo/events/catalog/index';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/**
 * Encrypts fuel card PINs (AES-256-GCM) before they reach the event log. The key is derived from the
 * service's PIN_KEY (or the one generated into the data folder); the card id is authenticated with
 * the ciphertext, so a PIN copied onto another card's event does not decrypt.
 */
export interface PinCipher {
  encrypt(pin: string, cardId: string): EncryptedSecret;
  decrypt(secret: EncryptedSecret, cardId: string): string;
}

export function createPinCipher(keyMaterial: string): PinCipher {
  if (keyMaterial.length < 32) throw new Error('PIN_KEY muss mindestens 32 Zeichen lang sein.');
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'dispo', 'fuel-card-pin/aes-256-gcm', 32));
  return {
    encrypt(pin, cardId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(cardId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
      return {
        algorithm: ALGORITHM,
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        ciphertext: ciphertext.toString('base64'),
      };
    },
    decrypt(secret, cardId) {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(secret.iv, 'base64'));
      decipher.setAAD(Buffer.from(cardId, 'utf8'));
      decipher.setAuthTag(Buffer.from(secret.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(secret.ciphertext, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
