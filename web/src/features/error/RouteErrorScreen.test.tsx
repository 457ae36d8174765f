// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from './RouteErrorScreen';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new Error('Fehler im Layout');
  return <p>Layout wieder da</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route error screen', () => {
  it('shows the error screen for errors the router catches and renders the route again on Erneut versuchen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Fragile />, errorElement: <RouteErrorScreen /> }]);
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Layout wieder da')).toBeTruthy();
  });
});
