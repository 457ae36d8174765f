// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures';
import {
  type DispatchBackend,
  dragAndDrop,
  loginAt,
  makeTour,
  orderCard,
  renderDispatchPage,
  slotOf,
  startDispatchBackend,
  tourBlock,
} from './dispatchTestKit';

let backend: DispatchBackend;
afterEach(async () => {
  cleanup();
  await backend.close();
});

describe('Disposition for roles that do not plan (auditor)', () => {
  it('shows the day but offers no drag, no Zuweisen, no status change, no reset, no day completion', async () => {
    backend = await startDispatchBackend({ tours: [makeTour()] });
    loginAt(backend, { ...testUser, roles: ['auditor'] });
    await renderDispatchPage(backend);
    await waitFor(() => expect(orderCard('S990305-0001')).toBeTruthy());
    expect(orderCard('S990305-0001').getAttribute('draggable')).toBe('false');
    expect(within(orderCard('S990305-0001')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dispo abschließen' })).toBeNull();
    dragAndDrop(orderCard('S990305-0001'), slotOf('v-2', '09:30'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.calls('POST', '/api/disposition/assign')).toHaveLength(0);

    fireEvent.click(tourBlock('T990305-01'));
    const details = await screen.findByRole('dialog');
    await waitFor(() => expect(within(details).getAllByRole('button', { name: 'Schließen' }).length).toBe(2));
    expect(within(details).queryByRole('combobox')).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Auf Offen setzen' })).toBeNull();
  });
});
