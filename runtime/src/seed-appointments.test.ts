import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { demoId } from './seed';
import { demoAppointments, seedAppointments } from './seed/appointments';
import { createTestApp, type TestApp } from './testing/test-app';

describe('demo seed: workshop appointments and deadline warnings', () => {
  let t: TestApp;
  let token: string;
  const today = berlinDate(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('audit');
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json() as T;

  it('writes the appointments through the commands once; a second run writes nothing', async () => {
    const first = await seedAppointments(t.infra, loadDemoCatalog());
    expect(first.appointments).toBe(demoAppointments().length);
    expect(first.warnings).toBeGreaterThan(0);
    expect(await seedAppointments(t.infra, loadDemoCatalog())).toEqual({ appointments: 0, warnings: 0 });
    while ((await t.services.runner.lag()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('shows completed ones with invoice, the follow-up pending, one overdue, today and tomorrow', async () => {
    const tractor = await get<{ upcoming: { date: string; followUpOf: string | null }[]; past: { completionData: { invoiceAmount?: number } | null }[] }>(
      `/api/vehicles/${demoId('vehicle', 'HH-MS 201')}/appointments`,
    );
    expect(tractor.past[0]?.completionData?.invoiceAmount).toBe(1890);
    expect(tractor.upcoming[0]).toMatchObject({ date: addDays(today, 2), followUpOf: demoId('appointment', 'reparatur-hh-ms-201') });
    const overdue = await get<{ appointments: { date: string }[] }>(`/api/vehicles/${demoId('vehicle', 'HH-MS 203')}/appointments/pending`);
    expect(overdue.appointments.map((a) => a.date)).toEqual([addDays(today, -2)]);
    const { vehicles } = await get<{ vehicles: { license_plate: string; workshop_appointments: { scheduledDate: string }[] }[] }>('/api/vehicles');
    expect(vehicles.find((v) => v.license_plate === 'HH-MS 202')?.workshop_appointments.map((a) => a.scheduledDate)).toContain(addDays(today, 1));
    const trailer = await get<{ history: { actionType: string; description: string }[] }>(`/api/auflieger/${demoId('trailer', 'IZ-MA 501')}/history`);
    expect(trailer.history.find((h) => h.actionType === 'MAINTENANCE_SCHEDULED')?.description).toContain('Vom Fahrzeug IZ-MS 101 übernommen');
  });

  it('updates each vehicle from its completed appointment: last and next service, HU date, odometer (issue 31)', async () => {
    type Facts = { last_service_date: string | null; next_service_due: string | null; inspection_until: string | null; odometer_km: number | null };
    const serviced = (await get<{ vehicle: Facts }>(`/api/vehicles/${demoId('vehicle', 'KI-MS 301')}`)).vehicle;
    expect(serviced).toMatchObject({ last_service_date: addDays(today, -10), next_service_due: addDays(today, 170), odometer_km: 61_200 });
    const inspected = (await get<{ vehicle: Facts }>(`/api/vehicles/${demoId('vehicle', 'IZ-MS 101')}`)).vehicle;
    expect(inspected).toMatchObject({ inspection_until: addDays(today, 120), odometer_km: 412_300 });
  });

  it('warns of every vehicle released for dispatch with an overdue deadline (SYSTEM_WARNING), and of no other', async () => {
    type V = { id: string; enabled_for_dispatch: boolean; tuv_until: string | null; inspection_until: string | null; insurance_until: string | null };
    const { vehicles } = await get<{ vehicles: V[] }>('/api/vehicles');
    let warned = 0;
    for (const v of vehicles) {
      const { history } = await get<{ history: { actionType: string }[] }>(`/api/vehicles/${v.id}/history?actionType=SYSTEM_WARNING`);
      const overdue = [v.tuv_until, v.inspection_until, v.insurance_until].some((d) => d !== null && d < today);
      expect(history.length > 0, v.id).toBe(v.enabled_for_dispatch && overdue);
      if (history.length > 0) warned++;
    }
    // The demo's IZ-MS 102 is released with its HU 3 days overdue.
    expect(warned).toBeGreaterThan(0);
  });
});
