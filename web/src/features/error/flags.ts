/**
 * Error details (message and stack) are shown only when enabled: at build time with
 * `VITE_SHOW_ERROR_DETAILS=true`, or for one browser with `localStorage['dispo.showErrorDetails'] = 'true'`
 * (support can switch it on without a new build).
 */
export const ERROR_DETAILS_STORAGE_KEY = 'dispo.showErrorDetails';

export function errorDetailsEnabled(): boolean {
  if (import.meta.env.VITE_SHOW_ERROR_DETAILS === 'true') return true;
  try {
    return localStorage.getItem(ERROR_DETAILS_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}
