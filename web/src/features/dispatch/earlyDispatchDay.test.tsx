// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { messages } from '@dispo/domain/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchDispatchVehicles, fetchOpenOrders, fetchTours } from '../../api/disposition';
import { useBackendOrigin as pointPageAt } from '../../test/backend';
import { renderApp } from '../../test/render';
import { DATE, type DispatchBackend, loginAt, makeTour, startDispatchBackend, TOKEN, tourBlock } from './dispatchTestKit';
import { DAY_CALLS, type EarlyDispatchDay } from './earlyDispatchDay';
import { startEarlyDispatchDay } from './startEarlyDispatchDay';
import { todayInBerlin } from './time';

// The inline script of index.html on /disposition (startEarlyDispatchDay) and the route taking its answers over.
let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  delete window.dispoEarlyDispatchDay;
  await backend.close();
});

const DAY_PATHS = ['/api/disposition/vehicles', `/api/disposition/tours/${DATE}`, '/api/disposition/orders/open'];

/** The day's calls the backend received, by path. */
const dayCalls = () => DAY_PATHS.map((path) => backend.calls('GET', path).length);

/** Opens /disposition the way index.html does: the inline script first, then the app. */
async function startEarly(path = `/disposition?datum=${DATE}`): Promise<EarlyDispatchDay> {
  loginAt(backend);
  pointPageAt(backend, path);
  startEarlyDispatchDay();
  const day = window.dispoEarlyDispatchDay;
  if (!day) throw new Error('nothing started');
  return day;
}

const arrived = (day: EarlyDispatchDay) => Promise.all(DAY_CALLS.map((call) => day.answers[call]));

describe('the early dispatch day of index.html', () => {
  it('starts the three calls of the date in the URL with the session token, exactly as the API client sends them', async () => {
    backend = await startDispatchBackend();
    const day = await startEarly();
    expect(day.date).toBe(DATE);
    await arrived(day);
    const early = backend.requests.map((request) => `${request.path}?${request.query}`);
    expect(backend.requests.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);

    backend.requests.length = 0;
    await Promise.all([fetchDispatchVehicles(DATE), fetchTours(DATE), fetchOpenOrders(DATE)]);
    expect(early).toEqual(backend.requests.map((request) => `${request.path}?${request.query}`));
  });

  it('asks for today in Berlin when the URL names no valid date', async () => {
    backend = await startDispatchBackend({ dates: [todayInBerlin()] });
    const day = await startEarly('/disposition?datum=2099-02-30');
    expect(day.date).toBe(todayInBerlin());
    await arrived(day);
    expect(backend.calls('GET', `/api/disposition/tours/${todayInBerlin()}`)).toHaveLength(1);
  });

  it('starts nothing without a token', async () => {
    backend = await startDispatchBackend();
    pointPageAt(backend, `/disposition?datum=${DATE}`);
    localStorage.clear();
    sessionStorage.clear();
    startEarlyDispatchDay();
    expect(window.dispoEarlyDispatchDay).toBeUndefined();
    expect(backend.requests).toHaveLength(0);
  });
});

describe('the Disposition route takes the early day over', () => {
  it('draws the answers that arrived before the app ran without asking again', async () => {
    backend = await startDispatchBackend({ tours: [makeTour()] });
    await arrived(await startEarly());

    renderApp(`/disposition?datum=${DATE}`, { socketUrl: backend.origin });
    await waitFor(() => expect(tourBlock('T990305-01')).toBeTruthy());
    expect(screen.getByTestId('open-order-count').textContent).toBe('1');
    expect(dayCalls()).toEqual([1, 1, 1]);
    expect(window.dispoEarlyDispatchDay).toBeUndefined();
  });

  it('waits for calls still under way instead of sending them again', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    backend = await startDispatchBackend({ tours: [makeTour()] });
    const tours = backend.routes.get(`GET /api/disposition/tours/${DATE}`)!;
    backend.routes.set(`GET /api/disposition/tours/${DATE}`, async (request) => {
      await held;
      return tours(request);
    });
    await startEarly();

    renderApp(`/disposition?datum=${DATE}`, { socketUrl: backend.origin });
    await screen.findByRole('region', { name: /^Zeitleiste für/ });
    release();
    await waitFor(() => expect(tourBlock('T990305-01')).toBeTruthy());
    expect(dayCalls()).toEqual([1, 1, 1]);
  });

  it('asks again when an early call failed, and a 401 leads to the login as before', async () => {
    backend = await startDispatchBackend();
    backend.routes.set('GET /api/disposition/vehicles', () => ({ status: 401, json: { error: 'Token abgelaufen' } }));
    await arrived(await startEarly());
    expect(backend.calls('GET', '/api/disposition/vehicles')).toHaveLength(1);

    const { router } = renderApp(`/disposition?datum=${DATE}`, { socketUrl: backend.origin });
    expect(await screen.findByText(messages.auth.sessionExpired)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(backend.calls('GET', '/api/disposition/vehicles')).toHaveLength(2);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('leaves the early answers of another date unused', async () => {
    const other = '2099-03-06';
    backend = await startDispatchBackend({ dates: [other] });
    await arrived(await startEarly());

    renderApp(`/disposition?datum=${other}`, { socketUrl: backend.origin });
    await screen.findByRole('region', { name: /^Zeitleiste für/ });
    await waitFor(() => expect(backend.calls('GET', `/api/disposition/tours/${other}`)).toHaveLength(1));
    expect(window.dispoEarlyDispatchDay).toBeUndefined();
  });
});
