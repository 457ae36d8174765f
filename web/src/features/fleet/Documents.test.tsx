// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dispatcher,
  type FleetBackend,
  loginAt,
  makeDocument,
  makeFuelCard,
  makeVehicle,
  PDF_TEXT,
  pdfFile,
  renderFleetPage,
  startFleetBackend,
} from './fleetTestKit';

let backend: FleetBackend;
/** File names the page saved (the object-URL link clicks). */
let saved: string[];

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  cleanup();
  await backend.close();
});

const vehicles = () => [
  makeVehicle({ id: 'v-1', license_plate: 'IZ-MS 101', brand: 'Mercedes-Benz', model: 'Actros 1845', year: 2021 }),
  makeVehicle({ id: 'v-2', license_plate: 'HH-MS 999', brand: null, model: null, make_model: '', year: null }),
];

const documents = () => [
  makeDocument({ id: 'd-1', name: 'Zulassung Teil I.pdf', category: 'registration', uploadDate: '2026-03-01T10:00:00.000Z' }),
  makeDocument({
    id: 'd-2',
    name: 'TÜV-Bericht 2026.pdf',
    category: 'inspection',
    size: 1_572_864,
    uploadDate: '2026-03-05T09:30:00.000Z',
  }),
  makeDocument({ id: 'd-3', name: 'Versicherungskarte.pdf', category: 'insurance', uploadDate: '2026-02-01T08:00:00.000Z' }),
  makeDocument({ id: 'd-4', name: 'Rechnung Bremsen.pdf', category: 'repair', uploadDate: '2026-01-10T08:00:00.000Z' }),
];

async function openDocumentsOf(plate: string) {
  fireEvent.click(screen.getByRole('tab', { name: /Dokumente/ }));
  fireEvent.click(await screen.findByRole('button', { name: `Dokumente und Tankkarten von ${plate} öffnen` }));
  return screen.findByRole('region', { name: `Dokumente und Tankkarten von ${plate}` });
}

const innerTab = (detail: HTMLElement, name: RegExp) => within(within(detail).getByRole('tablist')).getByRole('tab', { name });

describe('vehicle documents overview (fleet.md §2)', () => {
  it('lists the vehicles with plate, brand, model and year (or Fahrzeugdaten nicht verfügbar) and real counters', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: documents(), fuelCards: [makeFuelCard()] });
    loginAt(backend);
    await renderFleetPage(backend);
    await waitFor(() => expect(screen.getByTestId('count-documents').textContent).toBe('4'));
    fireEvent.click(screen.getByRole('tab', { name: /Dokumente/ }));

    const first = await screen.findByRole('button', { name: 'Dokumente und Tankkarten von IZ-MS 101 öffnen' });
    expect(first.textContent).toContain('Mercedes-Benz Actros 1845 (2021)');
    expect(first.textContent).toContain('1 Tankkarte');
    expect(first.textContent).toContain('4 Dokumente');
    const second = screen.getByRole('button', { name: 'Dokumente und Tankkarten von HH-MS 999 öffnen' });
    expect(second.textContent).toContain('Fahrzeugdaten nicht verfügbar');
    expect(second.textContent).toContain('0 Tankkarten');
    expect(second.textContent).toContain('0 Dokumente');
    // The counts come with the vehicle list: no documents request per vehicle.
    expect(backend.calls('GET', '/api/vehicles/v-1/documents')).toHaveLength(0);
  });

  it("says Keine Fahrzeuge gefunden and points to the tab 'Fahrzeuge' without vehicles", async () => {
    backend = await startFleetBackend({ vehicles: [] });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('tab', { name: /Dokumente/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Keine Fahrzeuge gefunden')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Fahrzeuge' }));
    expect(screen.getByRole('tab', { name: /Fahrzeuge/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('vehicle detail: back button, tabs Übersicht, Tankkarten, Dokumente; the overview shows the latest 3 documents', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: documents() });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');

    await waitFor(() =>
      expect(
        within(detail)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Übersicht', 'Tankkarten0', 'Dokumente4']),
    );
    await waitFor(() =>
      expect(
        within(detail)
          .getAllByRole('article')
          .map((article) => article.getAttribute('aria-label')),
      ).toEqual(['TÜV-Bericht 2026.pdf', 'Zulassung Teil I.pdf', 'Versicherungskarte.pdf']),
    );
    expect(within(detail).getByRole('button', { name: 'Tankkarte hinzufügen' })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Dokument hochladen' })).toBeTruthy();

    fireEvent.click(within(detail).getByRole('button', { name: 'Zurück zur Übersicht' }));
    expect(await screen.findByRole('button', { name: 'Dokumente und Tankkarten von HH-MS 999 öffnen' })).toBeTruthy();
  });

  it('documents tab: four counters, groups by category, size and date; download and view fetch the real file', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: documents() });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Dokumente/));

    await waitFor(() => expect(within(detail).getByTestId('doc-counter-total').textContent).toBe('4Dokumente gesamt'));
    expect(within(detail).getByTestId('doc-counter-categories').textContent).toBe('4Kategorien');
    expect(within(detail).getByTestId('doc-counter-registration').textContent).toBe('1Zulassungsbescheinigung');
    expect(within(detail).getByTestId('doc-counter-inspection').textContent).toBe('1TÜV/HU');
    expect(
      within(detail)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Zulassungsbescheinigung 1', 'Versicherung 1', 'TÜV/HU 1', 'Reparatur 1']);
    const report = within(detail).getByRole('article', { name: 'TÜV-Bericht 2026.pdf' });
    expect(report.textContent).toContain('1,5 MB · 05.03.2026, 10:30');

    fireEvent.click(within(report).getByRole('button', { name: 'Herunterladen TÜV-Bericht 2026.pdf' }));
    await waitFor(() => expect(saved).toEqual(['TÜV-Bericht 2026.pdf']));
    expect(backend.calls('GET', '/api/vehicles/v-1/documents/d-2/download')[0]?.headers.authorization).toBe('Bearer fleet-token');

    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fireEvent.click(within(report).getByRole('button', { name: 'Ansehen TÜV-Bericht 2026.pdf' }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(backend.calls('GET', '/api/vehicles/v-1/documents/d-2/download')).toHaveLength(2);
  });

  it('uploads PDFs by file picker and by drag and drop (multipart with the category) and refuses other files', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: [] });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Dokumente/));

    fireEvent.change(within(detail).getByLabelText('Kategorie'), { target: { value: 'registration' } });
    fireEvent.change(within(detail).getByTestId('document-input'), { target: { files: [pdfFile('Fahrzeugschein.pdf')] } });
    expect(await screen.findByText('Dokument erfolgreich hochgeladen')).toBeTruthy();
    const [upload] = backend.calls('POST', '/api/vehicles/v-1/documents');
    expect(String(upload?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(upload?.body)).toContain('name="category"\r\n\r\nregistration');
    expect(String(upload?.body)).toContain('filename="Fahrzeugschein.pdf"');
    expect(String(upload?.body)).toContain(PDF_TEXT);
    expect(await within(detail).findByRole('article', { name: 'Fahrzeugschein.pdf' })).toBeTruthy();
    expect(within(detail).getByTestId('doc-counter-registration').textContent).toBe('1Zulassungsbescheinigung');

    fireEvent.change(within(detail).getByLabelText('Kategorie'), { target: { value: 'insurance' } });
    const dropzone = within(detail).getByTestId('document-dropzone');
    fireEvent.drop(dropzone, { dataTransfer: { files: [pdfFile('Versicherung 2026.pdf'), pdfFile('Grüne Karte.pdf')] } });
    expect(await screen.findByText('2 Dokumente erfolgreich hochgeladen')).toBeTruthy();
    expect(backend.calls('POST', '/api/vehicles/v-1/documents')).toHaveLength(3);
    await waitFor(() => expect(within(detail).getByTestId('doc-counter-total').textContent).toBe('3Dokumente gesamt'));

    fireEvent.drop(dropzone, { dataTransfer: { files: [new File(['Hallo'], 'notiz.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Nur PDF-Dateien sind erlaubt');
    expect(backend.calls('POST', '/api/vehicles/v-1/documents')).toHaveLength(3);
  });

  it("shows the server's refusal of a renamed non-PDF", async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: [] });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Dokumente/));
    fireEvent.change(within(detail).getByTestId('document-input'), { target: { files: [pdfFile('Rechnung.pdf', 'Kein PDF, nur Text.')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('FehlerNur PDF-Dateien sind erlaubt×');
  });

  it('deletes a document after naming it', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: documents() });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Dokumente/));

    fireEvent.click(await within(detail).findByRole('button', { name: 'Löschen Rechnung Bremsen.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Dokument löschen' });
    expect(within(confirm).getByText('Möchten Sie das Dokument „Rechnung Bremsen.pdf“ wirklich löschen?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Dokument erfolgreich gelöscht')).toBeTruthy();
    await waitFor(() => expect(within(detail).queryByRole('article', { name: 'Rechnung Bremsen.pdf' })).toBeNull());
    expect(backend.calls('DELETE', '/api/vehicles/v-1/documents/d-4')).toHaveLength(1);
  });

  it('the upload dialog of the overview takes category and file and really uploads', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), documents: [] });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(within(detail).getByRole('button', { name: 'Dokument hochladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokument hochladen' });
    const upload = within(dialog).getByRole('button', { name: 'Hochladen' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Kategorie'), { target: { value: 'maintenance' } });
    fireEvent.change(within(dialog).getByLabelText('Datei'), { target: { files: [pdfFile('Wartungsprotokoll.pdf')] } });
    fireEvent.click(upload);
    expect(await screen.findByText('Dokument erfolgreich hochgeladen')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(String(backend.calls('POST', '/api/vehicles/v-1/documents')[0]?.body)).toContain('name="category"\r\n\r\nmaintenance');
    expect(await within(detail).findByRole('article', { name: 'Wartungsprotokoll.pdf' })).toBeTruthy();
  });
});

describe('fuel cards of a vehicle (fleet.md §2 fuel card tab)', () => {
  const cards = () => [
    makeFuelCard({ id: 'c-1', provider: 'Aral', card_number: '7002 1234 5678 0101' }),
    makeFuelCard({ id: 'c-2', provider: 'Shell', card_number: '7077998811220202', status: 'blocked', has_pin: false, pin_code: null }),
  ];

  it('stacks the cards coloured by provider with masked numbers, status dots and the PIN hidden by default', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), fuelCards: cards(), pins: { 'c-1': '4711' } });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Tankkarten/));
    await within(detail).findByTestId('card-number-c-2');

    const visuals = [...detail.querySelectorAll<HTMLElement>('.fuel-card')];
    expect(visuals.map((visual) => visual.className)).toEqual(['fuel-card fuel-card--aral', 'fuel-card fuel-card--shell']);
    expect(within(detail).getByTestId('card-number-c-1').textContent).toBe('•••• •••• •••• 0101');
    expect(within(detail).getByTestId('card-number-c-2').textContent).toBe('•••• •••• •••• 0202');
    expect(visuals[0]?.querySelector('.fleet-dot--on')).toBeTruthy();
    expect(visuals[1]?.querySelector('.fleet-dot--off')).toBeTruthy();
    expect(within(detail).getByTestId('pin-c-1').textContent).toBe('••••');

    fireEvent.click(within(detail).getByRole('button', { name: 'PIN anzeigen 7002 1234 5678 0101' }));
    await waitFor(() => expect(within(detail).getByTestId('pin-c-1').textContent).toBe('4711'));
    expect(backend.calls('POST', '/api/fuel-cards/c-1/reveal-pin')).toHaveLength(1);
  });

  it('opens a card with the side edit panel that really saves provider, number, PIN and status', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), fuelCards: cards(), pins: { 'c-1': '4711' } });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Tankkarten/));

    fireEvent.click(await within(detail).findByRole('button', { name: 'Tankkarte Aral •••• •••• •••• 0101 öffnen' }));
    expect(within(detail).getByTestId('card-number-c-1').textContent).toBe('7002 1234 5678 0101');
    const panel = within(detail).getByRole('complementary', { name: 'Tankkarte bearbeiten' });
    fireEvent.change(within(panel).getByLabelText('Anbieter'), { target: { value: 'BP' } });
    fireEvent.change(within(panel).getByLabelText('PIN'), { target: { value: '9753' } });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Gesperrt' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Tankkarte erfolgreich aktualisiert')).toBeTruthy();
    expect(backend.calls('PUT', '/api/fuel-cards/c-1')[0]?.body).toEqual({
      provider: 'BP',
      card_number: '7002 1234 5678 0101',
      status: 'blocked',
      pin_code: '9753',
    });
    await waitFor(() => expect(within(detail).queryByRole('complementary')).toBeNull());
    await waitFor(() => expect(detail.querySelector('[data-card-id="c-1"]')?.className).toBe('fuel-card fuel-card--bp'));
  });

  it("empty: 'Keine Tankkarten vorhanden' and 'Erste Tankkarte hinzufügen'; the add dialog saves only when complete", async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), fuelCards: [] });
    loginAt(backend);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    fireEvent.click(innerTab(detail, /^Tankkarten/));
    expect(await within(detail).findByText('Keine Tankkarten vorhanden')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Erste Tankkarte hinzufügen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Tankkarte hinzufügen' });
    const save = within(dialog).getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect((within(dialog).getByLabelText('Kennzeichen') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Kennzeichen') as HTMLInputElement).value).toBe('IZ-MS 101');
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Anbieter'), { target: { value: 'Esso' } });
    fireEvent.change(within(dialog).getByLabelText('Kartennummer'), { target: { value: '7088 5555 4444 0404' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '2468' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Tankkarte erfolgreich erstellt')).toBeTruthy();
    expect(backend.calls('POST', '/api/fuel-cards')[0]?.body).toEqual({
      provider: 'Esso',
      card_number: '7088 5555 4444 0404',
      pin_code: '2468',
      assigned_vehicle_id: 'v-1',
    });
    expect(await within(detail).findByTestId(/^card-number-/)).toBeTruthy();
    expect(detail.querySelector('.fuel-card--esso')).toBeTruthy();
  });

  it('a dispatcher sees cards and documents but no PIN toggle, upload or edit', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), fuelCards: cards(), documents: documents() });
    loginAt(backend, dispatcher);
    await renderFleetPage(backend);
    const detail = await openDocumentsOf('IZ-MS 101');
    expect(within(detail).queryByRole('button', { name: 'Dokument hochladen' })).toBeNull();
    fireEvent.click(innerTab(detail, /^Tankkarten/));
    fireEvent.click(await within(detail).findByRole('button', { name: 'Tankkarte Aral •••• •••• •••• 0101 öffnen' }));
    expect(within(detail).queryByRole('complementary')).toBeNull();
    expect(within(detail).queryByRole('button', { name: /PIN anzeigen/ })).toBeNull();
    fireEvent.click(innerTab(detail, /^Dokumente/));
    expect(within(detail).queryByTestId('document-dropzone')).toBeNull();
    expect(await within(detail).findByRole('button', { name: 'Herunterladen Zulassung Teil I.pdf' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Löschen Zulassung Teil I.pdf' })).toBeNull();
  });
});
