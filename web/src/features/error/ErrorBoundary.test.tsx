// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new Error('Kaputt beim Rendern');
  return <p>Inhalt wieder da</p>;
}

beforeEach(() => {
  shouldThrow = true;
  // React reports caught render errors on the console; keep the test output clean.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('error boundary', () => {
  it('renders the German error screen without details by default', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeTruthy();
    expect(screen.getByText('Es ist ein unerwarteter Fehler aufgetreten')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.queryByText('Fehlerdetails')).toBeNull();
    expect(screen.queryByText(/Kaputt beim Rendern/)).toBeNull();
  });

  it('shows the error details only when enabled', () => {
    render(
      <ErrorBoundary showDetails>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fehlerdetails')).toBeTruthy();
    expect(screen.getByText(/Kaputt beim Rendern/)).toBeTruthy();
  });

  it('reads the flag from localStorage', () => {
    localStorage.setItem('dispo.showErrorDetails', 'true');
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText(/Kaputt beim Rendern/)).toBeTruthy();
  });

  it('renders the children again on Erneut versuchen', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(screen.getByText('Inhalt wieder da')).toBeTruthy();
  });

  it('reloads the page on Seite neu laden', () => {
    const onReload = vi.fn();
    render(<ErrorScreen onRetry={() => {}} onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Seite neu laden' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
