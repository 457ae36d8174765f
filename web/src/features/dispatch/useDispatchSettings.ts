import { useCallback, useState } from 'react';
import { type DispatchSettings, loadSettings, storeSettings } from './settings';

/** The settings of the page, read once from localStorage and written back on save. */
export function useDispatchSettings(): [DispatchSettings, (next: DispatchSettings) => void] {
  const [settings, setSettings] = useState<DispatchSettings>(loadSettings);
  const save = useCallback((next: DispatchSettings) => {
    storeSettings(next);
    setSettings(next);
  }, []);
  return [settings, save];
}
