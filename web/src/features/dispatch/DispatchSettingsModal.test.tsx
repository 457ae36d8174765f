// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DispatchBackend, loginAt, renderDispatchPage, startDispatchBackend } from './dispatchTestKit';
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_STORAGE_KEY, validateSettings } from './settings';

let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  await backend?.close();
});

async function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }));
  return screen.findByRole('dialog', { name: 'Disposition Einstellungen' });
}

function slotsOfFirstRow(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.timeline-row')[0]!.querySelectorAll<HTMLElement>('[data-slot-minutes]')];
}

describe('Disposition Einstellungen', () => {
  it('validates start and end (§5) with the spec messages', () => {
    expect(validateSettings({ startHour: 6, endHour: 20 })).toBeNull();
    expect(validateSettings({ startHour: 0, endHour: 24 })).toBeNull();
    expect(validateSettings({ startHour: 20, endHour: 6 })).toBe('Startzeit muss vor der Endzeit liegen');
    expect(validateSettings({ startHour: 8, endHour: 8 })).toBe('Startzeit muss vor der Endzeit liegen');
    expect(validateSettings({ startHour: -1, endHour: 10 })).toBe('Uhrzeiten müssen zwischen 0 und 24 Uhr liegen');
    expect(validateSettings({ startHour: 24, endHour: 24 })).toBe('Uhrzeiten müssen zwischen 0 und 24 Uhr liegen');
    expect(validateSettings({ startHour: 6, endHour: 25 })).toBe('Uhrzeiten müssen zwischen 0 und 24 Uhr liegen');
    expect(validateSettings({ startHour: 6, endHour: 0 })).toBe('Uhrzeiten müssen zwischen 0 und 24 Uhr liegen');
  });

  it('reads stored settings with the defaults of §3 for anything missing or broken', () => {
    expect(DEFAULT_SETTINGS).toEqual({ startHour: 6, endHour: 20, timeInterval: 30, confettiEnabled: false, visualAiEnabled: true, timelineZoom: 100, tourOverviewEnabled: false });
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('kaputt')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ startHour: 22, endHour: 5, timelineZoom: 42, timeInterval: 7, confettiEnabled: true }))).toEqual({ ...DEFAULT_SETTINGS, confettiEnabled: true, timelineZoom: 60 });
    expect(parseSettings(JSON.stringify({ startHour: 5, endHour: 22, timelineZoom: 83, timeInterval: 60 }))).toMatchObject({ startHour: 5, endHour: 22, timelineZoom: 85, timeInterval: 60 });
  });

  it('shows the defaults, refuses a start after the end, saves to localStorage and redraws the timeline', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    await renderDispatchPage(backend);
    expect(slotsOfFirstRow()).toHaveLength(28);

    const dialog = await openSettings();
    const start = within(dialog).getByLabelText('Startzeit') as HTMLSelectElement;
    const end = within(dialog).getByLabelText('Endzeit') as HTMLSelectElement;
    const interval = within(dialog).getByLabelText('Zeitintervall') as HTMLSelectElement;
    const zoom = within(dialog).getByRole('slider') as HTMLInputElement;
    expect(start.value).toBe('6');
    expect(end.value).toBe('20');
    expect(interval.value).toBe('30');
    expect([zoom.min, zoom.max, zoom.step, zoom.value]).toEqual(['60', '100', '5', '100']);
    expect([...start.options].map((option) => Number(option.value))).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect([...end.options].map((option) => Number(option.value))).toEqual(Array.from({ length: 24 }, (_, hour) => hour + 1));
    expect((within(dialog).getByRole('checkbox', { name: 'Konfetti beim Dispo-Abschluss' }) as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByRole('checkbox', { name: /Visuelle KI-Hinweise/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Tourübersicht unter der Zeitleiste anzeigen' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.change(start, { target: { value: '18' } });
    fireEvent.change(end, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Startzeit muss vor der Endzeit liegen');
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();

    fireEvent.change(start, { target: { value: '7' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.change(end, { target: { value: '12' } });
    fireEvent.change(interval, { target: { value: '60' } });
    fireEvent.change(zoom, { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tourübersicht unter der Zeitleiste anzeigen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toEqual({
      startHour: 7,
      endHour: 12,
      timeInterval: 60,
      confettiEnabled: false,
      visualAiEnabled: true,
      timelineZoom: 80,
      tourOverviewEnabled: true,
    });
    // 07:00 to 12:00 hourly: 5 slots of 96 px × 80 %.
    const slots = slotsOfFirstRow();
    expect(slots.map((slot) => slot.dataset.time)).toEqual(['07:00', '08:00', '09:00', '10:00', '11:00']);
    expect(slots[0]?.style.width).toBe('77px');
    expect(screen.getByRole('region', { name: 'Tourübersicht' })).toBeTruthy();

    // Standardwerte resets the form to §5's defaults.
    const again = await openSettings();
    expect((within(again).getByLabelText('Startzeit') as HTMLSelectElement).value).toBe('7');
    fireEvent.click(within(again).getByRole('button', { name: 'Standardwerte' }));
    expect((within(again).getByLabelText('Startzeit') as HTMLSelectElement).value).toBe('6');
    expect((within(again).getByLabelText('Endzeit') as HTMLSelectElement).value).toBe('20');
    expect((within(again).getByLabelText('Zeitintervall') as HTMLSelectElement).value).toBe('30');
    expect((within(again).getByRole('slider') as HTMLInputElement).value).toBe('100');
    fireEvent.click(within(again).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(slotsOfFirstRow()).toHaveLength(28));
  });

  it('a 15-minute interval switches to virtual scrolling with 64 px slots', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, timeInterval: 15, startHour: 8, endHour: 9 }));
    await renderDispatchPage(backend);
    expect(document.querySelector('.timeline')?.getAttribute('data-virtual')).toBe('true');
  });
});
