import { useCallback, useState } from 'react';
import { revealFuelCardPin } from '../../api/fleet';

export interface PinReveal {
  /** The revealed PIN of a card, or undefined while hidden. */
  pinOf(cardId: string): string | undefined;
  pending(cardId: string): boolean;
  /** Hidden → asks the server (which records the reveal); shown → hides it again. */
  toggle(cardId: string): Promise<void>;
}

/**
 * The PIN toggle of §2 (hidden by default). A PIN is fetched only on the explicit click, kept in
 * memory of this component only, and forgotten when hidden again.
 */
export function usePinReveal(onError: (error: unknown) => void): PinReveal {
  const [pins, setPins] = useState<ReadonlyMap<string, string>>(new Map());
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());

  const toggle = useCallback(
    async (cardId: string) => {
      if (pins.has(cardId)) {
        setPins((current) => {
          const next = new Map(current);
          next.delete(cardId);
          return next;
        });
        return;
      }
      setLoading((current) => new Set(current).add(cardId));
      try {
        const pin = await revealFuelCardPin(cardId);
        setPins((current) => new Map(current).set(cardId, pin));
      } catch (error) {
        onError(error);
      } finally {
        setLoading((current) => {
          const next = new Set(current);
          next.delete(cardId);
          return next;
        });
      }
    },
    [pins, onError],
  );

  return { pinOf: (cardId) => pins.get(cardId), pending: (cardId) => loading.has(cardId), toggle };
}
