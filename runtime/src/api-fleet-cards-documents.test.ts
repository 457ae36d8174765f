import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStore } from '@dispo/platform/storage/blob-store';
import { demoId } from './seed';
import { multipartBody, samplePdf } from './testing/multipart';
import { createTestApp, type TestApp } from './testing/test-app';

interface FuelCard {
  id: string;
  card_number: string;
  pin_code: string | null;
  has_pin: boolean;
  [key: string]: unknown;
}
interface VehicleDocument {
  id: string;
  name: string;
  type: string;
  category: string;
  size: number;
  uploadDate: string;
}

/** PINs no card number, id or date contains by chance: if one shows up anywhere, it leaked. */
const PIN = '86429713';
const NEW_PIN = '5318';
const vehicle = (plate: string) => demoId('vehicle', plate);

describe('fleet: fuel cards with encrypted PINs, vehicle documents (docs/api/fleet.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const logLines: string[] = [];

  beforeAll(async () => {
    // Every request of this suite is logged, so that the last test can search all log lines for PINs.
    t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) } });
    for (const user of ['fuhrpark', 'dispo', 'audit', 'admin']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const auth = (user: string | null) => (user ? { authorization: `Bearer ${tokens[user]}` } : {});
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user: string | null = 'fuhrpark') =>
    t.app.inject({ method, url, headers: auth(user), ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  let cardCounter = 0;
  const freshNumber = () => `7099 0000 0000 ${String(++cardCounter).padStart(4, '0')}`;
  const createCard = async (body: Record<string, unknown> = {}) =>
    (await ok<{ fuel_card: FuelCard }>(await call('POST', '/api/fuel-cards', { card_number: freshNumber(), ...body }), 201)).fuel_card;
  const reveal = (id: string, user = 'fuhrpark') => call('POST', `/api/fuel-cards/${id}/reveal-pin`, undefined, user);

  describe('fuel cards', () => {
    it('lists the seeded cards with the PIN masked and the vehicle by plate', async () => {
      const { fuel_cards } = await ok<{ fuel_cards: FuelCard[] }>(await call('GET', '/api/fuel-cards'));
      expect(fuel_cards.find((c) => c.card_number === '7002 1234 5678 0101')).toEqual({
        id: demoId('fuel-card', '7002 1234 5678 0101'),
        card_number: '7002 1234 5678 0101',
        card_type: 'diesel',
        provider: 'Aral',
        assigned_vehicle_id: vehicle('IZ-MS 101'),
        license_plate: 'IZ-MS 101',
        daily_limit: 450,
        monthly_limit: 9000,
        valid_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        pin_code: '****',
        has_pin: true,
        notes: null,
        status: 'active',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await ok<{ pin_code: string }>(await reveal(demoId('fuel-card', '7002 1234 5678 0101')))).toMatchObject({ pin_code: '4711' });
    });

    it('creates a card as diesel and active (§9), the PIN encrypted in the log', async () => {
      const card = await createCard({
        pin_code: PIN,
        provider: 'Shell',
        assigned_vehicle_id: vehicle('HH-MS 202'),
        daily_limit: 300.555,
        valid_until: '2027-12-31',
      });
      expect(card).toMatchObject({
        card_type: 'diesel',
        status: 'active',
        pin_code: '****',
        has_pin: true,
        provider: 'Shell',
        license_plate: 'HH-MS 202',
        daily_limit: 300.56,
      });
      const [created] = await t.infra.store.readStream(`fuel-card-${card.id}`);
      expect(created?.type).toBe('FuelCardCreated');
      expect((created?.data as { pin: { algorithm: string } }).pin.algorithm).toBe('aes-256-gcm');
      expect(JSON.stringify(created)).not.toContain(PIN);
      const { rows } = await t.infra.sql.query('SELECT * FROM read.fuel_cards WHERE id = $1', [card.id]);
      expect(JSON.stringify(rows)).not.toContain(PIN);
    });

    it('refuses what the form must not send, with German messages', async () => {
      refused(await call('POST', '/api/fuel-cards', { card_type: 'diesel' }), 400, 'Bitte füllen Sie alle Pflichtfelder aus.');
      refused(
        await call('POST', '/api/fuel-cards', { card_number: freshNumber(), card_type: '' }),
        400,
        messages.validation.requiredFields,
      );
      refused(
        await call('POST', '/api/fuel-cards', { card_number: freshNumber(), pin_code: '12' }),
        400,
        messages.fleetCommands.invalidPin,
      );
      refused(
        await call('POST', '/api/fuel-cards', { card_number: freshNumber(), monthly_limit: -1 }),
        400,
        messages.fleetCommands.invalidNumber,
      );
      refused(
        await call('POST', '/api/fuel-cards', { card_number: freshNumber(), valid_until: '2027-02-30' }),
        400,
        messages.validation.invalidDate,
      );
      refused(
        await call('POST', '/api/fuel-cards', { card_number: freshNumber(), assigned_vehicle_id: 'weg' }),
        404,
        messages.fleetCommands.assignedVehicleNotFound,
      );
      refused(await call('POST', '/api/fuel-cards', { card_number: '7002123456780101' }), 409, messages.fleetCommands.cardNumberTaken);
    });

    it('reveals the PIN only on an explicit call by fleet manager or admin, and records every reveal', async () => {
      const card = await createCard({ pin_code: PIN });
      const res = await reveal(card.id);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await ok(res)).toEqual({ success: true, pin_code: PIN });
      expect((await ok<{ pin_code: string }>(await reveal(card.id, 'admin'))).pin_code).toBe(PIN);
      refused(await reveal(card.id, 'audit'), 403, messages.auth.forbidden);
      refused(await reveal(card.id, 'dispo'), 403, messages.auth.forbidden);
      refused(await t.app.inject({ method: 'POST', url: `/api/fuel-cards/${card.id}/reveal-pin` }), 401, messages.auth.sessionExpired);
      const reveals = (await t.infra.store.readStream(`fuel-card-${card.id}`)).filter((e) => e.type === 'FuelCardPinRevealed');
      expect(reveals.map((e) => (e.data as { revealedBy: string }).revealedBy)).toEqual([
        demoId('user', 'fuhrpark'),
        demoId('user', 'admin'),
      ]);

      const withoutPin = await createCard();
      expect(withoutPin).toMatchObject({ pin_code: null, has_pin: false });
      refused(await reveal(withoutPin.id), 404, messages.fleetCommands.noPin);
      refused(await reveal('gibt-es-nicht'), 404, messages.fleetCommands.fuelCardNotFound);
    });

    it('changes the PIN only when it differs, removes it with an empty value', async () => {
      const card = await createCard({ pin_code: PIN });
      await ok(await call('PUT', `/api/fuel-cards/${card.id}`, { pin_code: PIN, notes: 'gleiche PIN' }));
      await ok(await call('PUT', `/api/fuel-cards/${card.id}`, { pin_code: NEW_PIN }));
      expect((await ok<{ pin_code: string }>(await reveal(card.id))).pin_code).toBe(NEW_PIN);
      const removed = await ok<{ fuel_card: FuelCard }>(await call('PUT', `/api/fuel-cards/${card.id}`, { pin_code: '' }));
      expect(removed.fuel_card).toMatchObject({ pin_code: null, has_pin: false });
      const types = (await t.infra.store.readStream(`fuel-card-${card.id}`)).map((e) => e.type);
      expect(types).toEqual([
        'FuelCardCreated',
        'FuelCardDetailsChanged',
        'FuelCardPinChanged',
        'FuelCardPinRevealed',
        'FuelCardPinChanged',
      ]);
    });

    it('updates, blocks and deletes a card; a new number moves its reservation', async () => {
      const card = await createCard();
      const renumbered = freshNumber();
      const updated = await ok<{ fuel_card: FuelCard }>(
        await call('PUT', `/api/fuel-cards/${card.id}`, {
          card_number: renumbered,
          card_type: 'adblue',
          status: 'blocked',
          assigned_vehicle_id: vehicle('KI-MS 301'),
        }),
      );
      expect(updated.fuel_card).toMatchObject({
        card_number: renumbered,
        card_type: 'adblue',
        status: 'blocked',
        license_plate: 'KI-MS 301',
      });
      const changed = (await t.infra.store.readStream(`fuel-card-${card.id}`))[1];
      expect(changed?.data).toMatchObject({
        changes: { cardNumber: renumbered, cardType: 'adblue' },
        previous: { cardNumber: card.card_number, cardType: 'diesel' },
      });
      expect((await createCard({ card_number: card.card_number })).card_number).toBe(card.card_number);
      refused(await call('POST', '/api/fuel-cards', { card_number: renumbered }), 409, messages.fleetCommands.cardNumberTaken);
      expect(await ok(await call('DELETE', `/api/fuel-cards/${card.id}`))).toEqual({ success: true });
      expect((await ok<{ fuel_cards: FuelCard[] }>(await call('GET', '/api/fuel-cards'))).fuel_cards.some((c) => c.id === card.id)).toBe(
        false,
      );
      refused(await call('PUT', `/api/fuel-cards/${card.id}`, { notes: 'x' }), 404, messages.fleetCommands.fuelCardNotFound);
    });

    it('lets the auditor read fuel cards but not write them', async () => {
      const card = await createCard();
      expect((await call('GET', '/api/fuel-cards', undefined, 'audit')).statusCode).toBe(200);
      refused(await call('POST', '/api/fuel-cards', { card_number: freshNumber() }, 'audit'), 403, messages.auth.forbidden);
      refused(await call('PUT', `/api/fuel-cards/${card.id}`, { notes: 'x' }, 'audit'), 403, messages.auth.forbidden);
      refused(await call('DELETE', `/api/fuel-cards/${card.id}`, undefined, 'audit'), 403, messages.auth.forbidden);
    });
  });

  describe('vehicle documents', () => {
    const upload = (vehicleId: string, parts: Parameters<typeof multipartBody>[0], user = 'fuhrpark') => {
      const { payload, headers } = multipartBody(parts);
      return t.app.inject({ method: 'POST', url: `/api/vehicles/${vehicleId}/documents`, headers: { ...headers, ...auth(user) }, payload });
    };
    const pdfPart = (content: Buffer, filename = 'Fahrzeugschein.pdf') => ({
      name: 'file',
      filename,
      contentType: 'application/pdf',
      value: content,
    });
    const listDocuments = async (vehicleId: string, user = 'fuhrpark') =>
      (await ok<{ documents: VehicleDocument[] }>(await call('GET', `/api/vehicles/${vehicleId}/documents`, undefined, user))).documents;
    const download = (vehicleId: string, documentId: string, user = 'audit') =>
      t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}/documents/${documentId}/download`, headers: auth(user) });

    it('uploads a PDF, lists it, downloads it byte for byte and deletes it', async () => {
      const id = vehicle('HH-MS 204');
      const pdf = samplePdf('Zulassung HH-MS 204');
      const res = await upload(id, [{ name: 'category', value: 'registration' }, pdfPart(pdf, 'Zulassung Teil I.pdf')]);
      const { document } = await ok<{ success: boolean; document: VehicleDocument }>(res, 201);
      expect(document).toMatchObject({ name: 'Zulassung Teil I.pdf', type: 'application/pdf', category: 'registration', size: pdf.length });
      expect(Number.isNaN(Date.parse(document.uploadDate))).toBe(false);
      expect((await listDocuments(id, 'audit')).map((d) => d.id)).toEqual([document.id]);
      const documentCount = async () =>
        (await ok<{ vehicles: { id: string; document_count: number }[] }>(await call('GET', '/api/vehicles'))).vehicles.find((v) => v.id === id)
          ?.document_count;
      // The documents overview counts with the vehicle list.
      expect(await documentCount()).toBe(1);

      const file = await download(id, document.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Zulassung Teil I.pdf"; filename*=UTF-8''Zulassung%20Teil%20I.pdf`,
      );
      expect(file.rawPayload.equals(pdf)).toBe(true);

      expect(await ok(await call('DELETE', `/api/vehicles/${id}/documents/${document.id}`))).toEqual({ success: true });
      expect(await listDocuments(id)).toEqual([]);
      expect(await documentCount()).toBe(0);
      refused(await download(id, document.id), 404, messages.fleetCommands.documentNotFound);
      refused(await call('DELETE', `/api/vehicles/${id}/documents/${document.id}`), 404, messages.fleetCommands.documentNotFound);

      const history = (
        await ok<{ history: { actionType: string; description: string }[] }>(await call('GET', `/api/vehicles/${id}/history`))
      ).history;
      expect(history.filter((e) => e.actionType.startsWith('DOCUMENT_')).map((e) => [e.actionType, e.description])).toEqual([
        ['DOCUMENT_REMOVED', 'Dokument „Zulassung Teil I.pdf“ (Zulassungsbescheinigung) entfernt.'],
        ['DOCUMENT_ADDED', 'Dokument „Zulassung Teil I.pdf“ (Zulassungsbescheinigung) hinzugefügt.'],
      ]);
    });

    it('refuses a file that is no PDF by content, even named .pdf, and stores nothing', async () => {
      const id = vehicle('KI-MS 302');
      const fake = Buffer.from('Kein PDF, nur Text mit falscher Endung.');
      refused(await upload(id, [pdfPart(fake, 'Rechnung.pdf')]), 400, 'Nur PDF-Dateien sind erlaubt');
      refused(await upload(id, [pdfPart(Buffer.alloc(0), 'leer.pdf')]), 400, messages.fleet.onlyPdf);
      expect(await listDocuments(id)).toEqual([]);
      expect((await t.infra.store.readStream(`vehicle-${id}`)).some((e) => e.type === 'VehicleDocumentAdded')).toBe(false);
    });

    it('files a document without category under Sonstiges and takes a real PDF whatever its name', async () => {
      const id = vehicle('KI-MS 302');
      const { document } = await ok<{ document: VehicleDocument }>(await upload(id, [pdfPart(samplePdf('Scan'), 'scan_0001.bin')]), 201);
      expect(document).toMatchObject({ category: 'other', name: 'scan_0001.bin', type: 'application/pdf' });
    });

    it('answers missing files, bad categories, unknown vehicles and roles in German', async () => {
      const id = vehicle('HH-MS 999');
      refused(await upload(id, [{ name: 'category', value: 'insurance' }]), 400, messages.fleetCommands.documentMissing);
      refused(await call('POST', `/api/vehicles/${id}/documents`, { category: 'insurance' }), 400, messages.fleetCommands.documentMissing);
      refused(await upload(id, [{ name: 'category', value: 'urlaub' }, pdfPart(samplePdf())]), 400, messages.http.invalidField('category'));
      refused(await upload(id, [{ name: 'farbe', value: 'rot' }, pdfPart(samplePdf())]), 400, messages.http.unknownField('farbe'));
      refused(await upload('gibt-es-nicht', [pdfPart(samplePdf())]), 404, messages.fleetCommands.vehicleNotFound);
      refused(await call('GET', '/api/vehicles/gibt-es-nicht/documents'), 404, messages.fleetCommands.vehicleNotFound);
      refused(await upload(id, [pdfPart(samplePdf())], 'audit'), 403, messages.auth.forbidden);
      refused(await upload(id, [pdfPart(samplePdf())], 'dispo'), 403, messages.auth.forbidden);
      refused(
        await t.app.inject({ method: 'POST', url: `/api/vehicles/${id}/documents`, ...multipartBody([pdfPart(samplePdf())]) }),
        401,
        messages.auth.sessionExpired,
      );
      expect(await listDocuments(id)).toEqual([]);
    });

    it('refuses a file over 20 MB', async () => {
      const big = Buffer.concat([samplePdf(), Buffer.alloc(20 * 1024 * 1024)]);
      refused(await upload(vehicle('HH-MS 999'), [pdfPart(big, 'riesig.pdf')]), 413, messages.fleetCommands.documentTooLarge(20));
      expect(await listDocuments(vehicle('HH-MS 999'))).toEqual([]);
    });

    it('leaves no stored file behind for uploads that were refused or lost a concurrent race (409)', async () => {
      const id = vehicle('HH-MS 204');
      const orphans = async () =>
        (
          await t.infra.sql.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM blobs.files f WHERE NOT EXISTS (SELECT 1 FROM read.vehicle_documents d WHERE d.sha256 = f.sha256)',
          )
        ).rows[0]?.n;
      const before = await orphans();
      // Different files to one vehicle at once: each command expects the version it read, so some answer 409.
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(id, [pdfPart(samplePdf(`Gleichzeitig ${i}`), `gleichzeitig-${i}.pdf`)])));
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409), answers.map((a) => a.body).join('\n')).toBe(true);
      // A file the decider refuses (not a PDF) is not kept either.
      refused(await upload(id, [pdfPart(Buffer.from('kein PDF'), 'falsch.pdf')]), 400, messages.fleet.onlyPdf);
      expect(await orphans()).toBe(before);

      // The life cycle itself: bytes held by two commands stay while one still runs; the last refusal removes them.
      const blobs = blobStore(t.infra.sql);
      const bytes = samplePdf('Zweimal gehalten');
      const sha = await blobs.hold(bytes, 'application/pdf');
      await blobs.hold(bytes, 'application/pdf');
      await blobs.settle(sha, false);
      expect(await blobs.get(sha)).not.toBeNull();
      await blobs.settle(sha, false);
      expect(await blobs.get(sha)).toBeNull();
      // Bytes one appended event names stay, whatever the other holders' outcome.
      const kept = await blobs.hold(bytes, 'application/pdf');
      await blobs.hold(bytes, 'application/pdf');
      await blobs.settle(kept, true);
      await blobs.settle(kept, false);
      expect(await blobs.get(kept)).not.toBeNull();
    });

    it('stores the same bytes once, however many vehicles hold them', async () => {
      const pdf = samplePdf('Versicherungskarte');
      await ok(await upload(vehicle('IZ-MS 102'), [{ name: 'category', value: 'insurance' }, pdfPart(pdf)]), 201);
      await ok(await upload(vehicle('IZ-MS 103'), [{ name: 'category', value: 'insurance' }, pdfPart(pdf)]), 201);
      const { rows } = await t.infra.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM blobs.files WHERE sha256 = encode(sha256($1::bytea), 'hex')",
        [pdf],
      );
      expect(rows[0]?.n).toBe(1);
    });
  });

  describe('secrets', () => {
    it('never shows a PIN in any list response', async () => {
      await createCard({ pin_code: PIN, assigned_vehicle_id: vehicle('B-MS 402') });
      for (const url of [
        '/api/fuel-cards',
        '/api/vehicles',
        '/api/auflieger',
        `/api/vehicles/${vehicle('B-MS 402')}`,
        `/api/vehicles/${vehicle('B-MS 402')}/history`,
      ]) {
        for (const user of ['fuhrpark', 'audit', 'admin']) {
          const res = await call('GET', url, undefined, user);
          expect(res.statusCode).toBe(200);
          // Ids are random hex: one in a few hundred holds `0815` by chance, so they are masked first.
          const visible = res.body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
          for (const pin of [PIN, NEW_PIN, '4711', '0815']) expect(visible, `${url} as ${user}`).not.toContain(pin);
          expect(res.body).not.toContain('ciphertext');
        }
      }
    });

    it('censors a PIN that code might hand to the logger', () => {
      t.app.log.warn({ card: { pin_code: PIN }, pin: NEW_PIN }, 'Probe der Schwärzung');
      const probe = logLines.find((line) => line.includes('Probe der Schwärzung'));
      expect(JSON.parse(probe ?? '{}')).toMatchObject({ card: { pin_code: '[verborgen]' }, pin: '[verborgen]' });
    });

    it('never writes a PIN into a log line', () => {
      expect(logLines.length).toBeGreaterThan(50);
      // Times and durations are numbers that may hold any digits by chance; a PIN would be a value of its own.
      const lines = logLines.map((line) => {
        const { time: _time, responseTime: _duration, pid: _pid, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(rest);
      });
      for (const pin of [PIN, NEW_PIN]) {
        const standalone = new RegExp(`(^|[^0-9A-Za-z.-])${pin}([^0-9A-Za-z.-]|$)`);
        expect(lines.filter((line) => standalone.test(line))).toEqual([]);
      }
      expect(lines.filter((line) => line.includes('ciphertext'))).toEqual([]);
    });
  });
});

describe('logs at LOG_LEVEL=trace', () => {
  it('hold no token of an upload (the multipart plugin logs the request headers at trace)', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } });
    try {
      const token = await t.login('fuhrpark');
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', value: samplePdf() }]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/vehicles/${demoId('vehicle', 'HH-MS 204')}/documents`,
        headers: { ...headers, authorization: `Bearer ${token}`, cookie: `session=${token}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(lines.some((line) => line.includes('Providing options to busboy'))).toBe(true);
      const signature = token.split('.')[2]!;
      expect(lines.filter((line) => line.includes(signature))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
