// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadInitialPage } from '../../routes';
import { useBackendOrigin as pointPageAt } from '../../test/backend';
import { renderApp } from '../../test/render';
import { DATE, type DispatchBackend, loginAt, makeTour, startDispatchBackend, tourBlock } from './dispatchTestKit';
import { DAY_CALLS } from './earlyDispatchDay';
import { startEarlyDispatchDay } from './startEarlyDispatchDay';

// A file of its own: the page's code is loaded once per module registry, and here it is loaded first.
let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  delete window.dispoEarlyDispatchDay;
  await backend.close();
});

describe('Disposition opened directly', () => {
  it('runs the page’s code before the first render: the page is drawn at once, without the loading notice', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    await loadInitialPage('/disposition');

    renderApp(`/disposition?datum=${DATE}`, { socketUrl: backend.origin });
    // PageLoading: the route's notice while the page's code loads.
    expect(document.querySelector('.page-loading')).toBeNull();
    expect(document.querySelector('.dispatch')).not.toBeNull();
    await screen.findByRole('region', { name: /^Zeitleiste für/ });
  });

  it('draws vehicles and tours in the first render when the early answers are there, the slot cells right after its paint', async () => {
    backend = await startDispatchBackend({ tours: [makeTour()] });
    loginAt(backend);
    pointPageAt(backend, `/disposition?datum=${DATE}`);
    startEarlyDispatchDay();
    const day = window.dispoEarlyDispatchDay!;
    await Promise.all(DAY_CALLS.map((call) => day.answers[call]));
    await loadInitialPage('/disposition');

    renderApp(`/disposition?datum=${DATE}`, { socketUrl: backend.origin });
    expect(document.querySelectorAll('.timeline-row')).toHaveLength(2);
    expect(tourBlock('T990305-01')).toBeTruthy();
    // The grid is the lanes' background; the cells that take drops come with the next render.
    expect(document.querySelector<HTMLElement>('.timeline__canvas')?.style.getPropertyValue('--slot-width')).toBe('80px');
    expect(document.querySelector('.timeline-row .slot')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('.timeline-row:first-child .slot')).toHaveLength(28));
  });

  it('loads nothing for other pages', async () => {
    backend = await startDispatchBackend();
    await expect(loadInitialPage('/auftragsannahme')).resolves.toBeUndefined();
  });
});
