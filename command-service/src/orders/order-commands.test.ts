import { randomUUID } from 'node:crypto';
import { DomainError } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import { plantDecider, type PlantInput } from '@dispo/domain/plant/index';
import { allEventDefinitions, streamIds } from '@dispo/events/catalog/index';
import { EventRegistry } from '@dispo/events/registry';
import { createEventStore } from '@dispo/events/store/create-event-store';
import type { EventStore } from '@dispo/events/store/port';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, loadAggregate } from '../command-handler';
import { masterDataCommands } from '../master-data/master-data-commands';
import { orderCommands } from './order-commands';

const registry = new EventRegistry(allEventDefinitions);
const meta = { userId: 'user-1', commandName: 'Test' };

/** The store as the commands see it, counting the stream reads. */
function countingReads(store: EventStore) {
  const reads: string[] = [];
  const counted: EventStore = {
    append: (...args) => store.append(...args),
    appendMany: (writes) => store.appendMany(writes),
    readStream: (streamId, options) => {
      reads.push(streamId);
      return store.readStream(streamId, options);
    },
    readAll: (after, options) => store.readAll(after, options),
    subscribe: (onAppend) => store.subscribe(onAppend),
    close: () => store.close(),
  };
  return { store: counted, reads };
}

describe('createOrder with cached references', () => {
  let db: TestSql;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestSql();
    store = await createEventStore({ sql: db.sql, registry });
  });
  afterAll(() => db?.dispose());

  /** Two plants, a loading point of the first and a material, as their own commands create them. */
  async function catalogue(delivery: Partial<PlantInput> = {}) {
    const master = masterDataCommands({ store, registry });
    const ids = { plant: randomUUID(), deliveryPlant: randomUUID(), loadingPoint: randomUUID(), material: randomUUID() };
    await master.createPlant(ids.plant, { name: 'Zementwerk', plantRole: 'loading' }, meta);
    await master.createPlant(ids.deliveryPlant, { name: 'Betonwerk', plantRole: 'delivery', ...delivery }, meta);
    await master.createLoadingPoint(ids.loadingPoint, ids.plant, { name: 'Silo 1' }, meta);
    await master.createMaterial(ids.material, { name: 'CEM I', assignedPlantIds: [ids.plant] }, meta);
    const details = {
      plantId: ids.plant,
      deliveryPlantId: ids.deliveryPlant,
      loadingPointId: ids.loadingPoint,
      materialId: ids.material,
      quantity: 27,
      unit: 'to' as const,
      deliveryDate: '2026-11-23',
      deliveryTimeType: 'fixed' as const,
      deliveryTimeFixed: '08:00',
    };
    return { ids, details };
  }

  /** A change of the plant by someone else (another command-service): straight into the log. */
  async function changePlant(plantId: string, changes: Partial<PlantInput>) {
    const streamId = streamIds.plant(plantId);
    const { state, version } = await loadAggregate(store, plantDecider, streamId);
    const events = plantDecider.decide({ type: 'UpdatePlant', plantId, changes, now: new Date().toISOString() }, state);
    await store.append(
      streamId,
      version,
      events.map((e) => envelope(registry, meta, randomUUID(), e)),
    );
  }

  it('reads nothing once the records it names are cached, and appends order and number in one go', async () => {
    const { details } = await catalogue();
    const { store: counted, reads } = countingReads(store);
    const commands = orderCommands({ store: counted, registry });

    await commands.createOrder(randomUUID(), details, meta);
    expect(reads).toHaveLength(4);
    reads.length = 0;
    const orderId = randomUUID();
    const created = await commands.createOrder(orderId, details, meta);

    expect(reads).toEqual([]);
    expect((await store.readStream(streamIds.order(orderId))).map((e) => e.type)).toEqual(['OrderCreated']);
    const reservation = await store.readStream(streamIds.reservation('order-number', created.orderNumber));
    expect(reservation.map((e) => e.data)).toEqual([{ kind: 'order-number', value: created.orderNumber, ownerId: orderId }]);
    expect(reservation[0]!.position).toEqual(created.position);
  });

  it('refuses a plant that changed elsewhere after it was cached', async () => {
    const { ids, details } = await catalogue();
    const commands = orderCommands({ store, registry });
    await commands.createOrder(randomUUID(), details, meta);

    await changePlant(ids.deliveryPlant, { plantRole: 'loading' });

    const error = await commands.createOrder(randomUUID(), details, meta).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ message: messages.order.notADeliveryPlant });
  });

  it('accepts a plant that became eligible elsewhere although the cache still knows it as ineligible', async () => {
    const { ids, details } = await catalogue({ plantType: 'terminal' });
    const commands = orderCommands({ store, registry });
    await expect(commands.createOrder(randomUUID(), details, meta)).rejects.toMatchObject({ message: messages.order.notADeliveryPlant });

    await changePlant(ids.deliveryPlant, { plantType: 'delivery_plant' });

    const orderId = randomUUID();
    await commands.createOrder(orderId, details, meta);
    expect(await store.readStream(streamIds.order(orderId))).toHaveLength(1);
  });

  it('refuses a record that does not exist, and accepts it once it has been created', async () => {
    const { ids, details } = await catalogue();
    const commands = orderCommands({ store, registry });
    const material = randomUUID();
    const order = { ...details, materialId: material };
    await expect(commands.createOrder(randomUUID(), order, meta)).rejects.toMatchObject({ message: messages.order.materialNotFound });

    await masterDataCommands({ store, registry }).createMaterial(material, { name: 'Kies 2/8', assignedPlantIds: [ids.plant] }, meta);

    await expect(commands.createOrder(randomUUID(), order, meta)).resolves.toMatchObject({ orderNumber: expect.any(String) });
  });

  it('refuses an order id that exists already', async () => {
    const { details } = await catalogue();
    const commands = orderCommands({ store, registry });
    const orderId = randomUUID();
    await commands.createOrder(orderId, details, meta);

    await expect(commands.createOrder(orderId, details, meta)).rejects.toMatchObject({ message: messages.order.alreadyExists });
  });

  it('goes through the free numbers in order when random draws keep meeting taken ones', async () => {
    const { details } = await catalogue();
    // Every draw the same number: all but the first order find it taken.
    const commands = orderCommands({ store, registry, orderNumbers: { draw: () => 0 } });
    const day = { ...meta, at: new Date('2031-03-04T09:00:00Z') };
    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) numbers.push((await commands.createOrder(randomUUID(), details, day)).orderNumber);
    expect(numbers).toEqual(['S310304-0000', 'S310304-0001', 'S310304-0002', 'S310304-0003']);
    // Another process (empty knowledge) finds the next free number too.
    const other = orderCommands({ store, registry, orderNumbers: { draw: () => 0 } });
    expect((await other.createOrder(randomUUID(), details, day)).orderNumber).toBe('S310304-0004');
  });

  it('refuses with a German message only when every number of the day is taken, and writes nothing then', async () => {
    const { details } = await catalogue();
    const commands = orderCommands({ store, registry, orderNumbers: { suffixes: 3 } });
    const day = { ...meta, at: new Date('2031-03-05T09:00:00Z') };
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await commands.createOrder(randomUUID(), details, day)).orderNumber);
    expect(numbers.sort()).toEqual(['S310305-0000', 'S310305-0001', 'S310305-0002']);
    const orderId = randomUUID();
    await expect(commands.createOrder(orderId, details, day)).rejects.toMatchObject({ statusCode: 409, message: messages.order.dayFull('3') });
    expect(await store.readStream(streamIds.order(orderId))).toEqual([]);
    // The next day has numbers again.
    await expect(commands.createOrder(randomUUID(), details, { ...meta, at: new Date('2031-03-06T09:00:00Z') })).resolves.toMatchObject({
      orderNumber: expect.stringMatching(/^S310306-000[0-2]$/),
    });
  });
});
