// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import { renderApp } from '../../test/render';
import { DATE, type DispatchBackend, loginAt, startDispatchBackend } from './dispatchTestKit';

// A file of its own: the page's code is loaded once per module registry, and this test needs it not yet loaded.
let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

describe('Disposition route', () => {
  it('requests vehicles, tours and open orders of the date in the URL while the page’s code still loads, each once', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    const { queryClient } = renderApp(`/disposition?datum=${DATE}`, { socketUrl: backend.origin });

    // First commit: the page's code is not there yet, its three calls are under way.
    expect(document.querySelector('.dispatch')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Lade Disposition...');
    for (const key of [queryKeys.dispatch.vehicles(DATE), queryKeys.dispatch.tours(DATE), queryKeys.dispatch.openOrders(DATE)]) {
      expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    }

    // The page took the running calls over instead of asking again.
    await screen.findByRole('region', { name: /^Zeitleiste für/ });
    expect(backend.calls('GET', '/api/disposition/vehicles').map((call) => call.query.get('date'))).toEqual([DATE]);
    expect(backend.calls('GET', `/api/disposition/tours/${DATE}`)).toHaveLength(1);
    expect(backend.calls('GET', '/api/disposition/orders/open').map((call) => call.query.get('date'))).toEqual([DATE]);
  });
});
