import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoadingPoint, Order } from '../../api/types';
import { makeOrder } from '../../test/fixtures';
import { oneHourSlot, quickOrderMachine, type QuickOrderForm, type QuickOrderResult, validateQuickOrder } from './quickOrderMachine';

const w = messages.validation.wizard;
const point = (id: string, plant_id: string): LoadingPoint => ({ id, name: id, plant_id, plant_name: plant_id, loading_type: 'silo', status: 'available' });
const points = [point('lp-a', 'p-zement'), point('lp-b', 'p-zement'), point('lp-halde', 'p-kies')];

function start(submit: (form: QuickOrderForm) => Promise<QuickOrderResult> = async () => ({ message: 'ok', orders: [], failures: [] })) {
  const actor = createActor(quickOrderMachine.provide({ actors: { submitOrder: fromPromise(({ input }) => submit(input)) } }), {
    input: { today: '2026-11-25' },
  });
  actor.start();
  return actor;
}

type Actor = ReturnType<typeof start>;
const form = (actor: Actor) => actor.getSnapshot().context.form;
const errors = (actor: Actor) => actor.getSnapshot().context.errors;
const state = (actor: Actor) => actor.getSnapshot().value;

function toMaterialStep(actor: Actor) {
  actor.send({ type: 'SET_DELIVERY_PLANT', plantId: 'p-beton' });
  actor.send({ type: 'SET_LOADING_PLANT', plantId: 'p-kies', points });
  actor.send({ type: 'NEXT' });
  expect(state(actor)).toBe('material');
}

function toDeliveryStep(actor: Actor) {
  toMaterialStep(actor);
  actor.send({ type: 'TOGGLE_MATERIAL', materialId: 'm-kies' });
  actor.send({ type: 'SET_FIELD', field: 'quantity', value: '27' });
  actor.send({ type: 'NEXT' });
  expect(state(actor)).toBe('delivery');
}

describe('quick-order machine: step 1 (Lade- & Lieferwerk)', () => {
  it('starts at step 1 with nothing chosen and today as delivery date; Back does nothing there', () => {
    const actor = start();
    expect(state(actor)).toBe('plants');
    expect(form(actor)).toMatchObject({ deliveryPlantId: '', plantId: '', loadingPointId: '', materialIds: [], deliveryDate: '2026-11-25' });
    actor.send({ type: 'BACK' });
    expect(state(actor)).toBe('plants');
  });

  it('ignores a loading plant until a delivery plant is chosen', () => {
    const actor = start();
    actor.send({ type: 'SET_LOADING_PLANT', plantId: 'p-kies', points });
    expect(form(actor).plantId).toBe('');
    actor.send({ type: 'SET_DELIVERY_PLANT', plantId: 'p-beton' });
    actor.send({ type: 'SET_LOADING_PLANT', plantId: 'p-kies', points });
    expect(form(actor).plantId).toBe('p-kies');
  });

  it('sets the loading point when the plant has exactly one, requires a choice with several, clears it with none', () => {
    const actor = start();
    actor.send({ type: 'SET_DELIVERY_PLANT', plantId: 'p-beton' });
    actor.send({ type: 'SET_LOADING_PLANT', plantId: 'p-kies', points });
    expect(form(actor).loadingPointId).toBe('lp-halde');
    actor.send({ type: 'SET_LOADING_PLANT', plantId: 'p-zement', points });
    expect(form(actor).loadingPointId).toBe('');
    actor.send({ type: 'NEXT' });
    expect(state(actor)).toBe('plants');
    expect(errors(actor).loadingPointId).toBe(w.loadingPointRequired);
    actor.send({ type: 'SET_LOADING_POINT', loadingPointId: 'lp-b' });
    expect(errors(actor).loadingPointId).toBeUndefined();
    actor.send({ type: 'SET_LOADING_PLANT', plantId: 'p-none', points });
    expect(form(actor).loadingPointId).toBe('');
  });

  it('goes on once delivery plant, loading plant and loading point are chosen', () => {
    const actor = start();
    toMaterialStep(actor);
  });

  it('starts from the last quick order of a plant', () => {
    const actor = start();
    actor.send({ type: 'SET_DELIVERY_PLANT', plantId: 'p-beton' });
    const order: Order = makeOrder({ plantId: 'p-zement', deliveryPlantId: 'p-beton', loadingPointId: 'lp-a', materialId: 'm-cem1', quantity: 31, priority: 'high' });
    actor.send({ type: 'APPLY_LAST', order, points });
    expect(form(actor)).toMatchObject({ plantId: 'p-zement', loadingPointId: 'lp-a', materialIds: ['m-cem1'], quantity: '31', priority: 'high' });
  });
});

describe('quick-order machine: step 2 (Material & Menge)', () => {
  it('toggles several materials by click and goes on with a material and a quantity', () => {
    const actor = start();
    toMaterialStep(actor);
    actor.send({ type: 'NEXT' });
    expect(state(actor)).toBe('material');
    expect(errors(actor)).toMatchObject({ materialIds: w.materialRequired, quantity: w.quantityPositive });
    actor.send({ type: 'TOGGLE_MATERIAL', materialId: 'm-1' });
    actor.send({ type: 'TOGGLE_MATERIAL', materialId: 'm-2' });
    actor.send({ type: 'TOGGLE_MATERIAL', materialId: 'm-1' });
    expect(form(actor).materialIds).toEqual(['m-2']);
    expect(errors(actor).materialIds).toBeUndefined();
    actor.send({ type: 'SET_FIELD', field: 'quantity', value: '0' });
    actor.send({ type: 'NEXT' });
    expect(state(actor)).toBe('material');
    expect(errors(actor).quantity).toBe(w.quantityPositive);
    actor.send({ type: 'SET_FIELD', field: 'quantity', value: '12,5' });
    expect(errors(actor).quantity).toBeUndefined();
    actor.send({ type: 'NEXT' });
    expect(state(actor)).toBe('delivery');
  });

  it('prefills the first suggested average only into an empty field; 27 without suggestions', () => {
    const actor = start();
    toMaterialStep(actor);
    actor.send({ type: 'SUGGESTIONS', averageQuantity: 24.5 });
    expect(form(actor).quantity).toBe('24.5');
    actor.send({ type: 'SUGGESTIONS', averageQuantity: 30 });
    expect(form(actor).quantity).toBe('24.5');

    const other = start();
    toMaterialStep(other);
    other.send({ type: 'SUGGESTIONS', averageQuantity: null });
    expect(form(other).quantity).toBe('27');
  });

  it('goes back to step 1 keeping the choices', () => {
    const actor = start();
    toMaterialStep(actor);
    actor.send({ type: 'BACK' });
    expect(state(actor)).toBe('plants');
    expect(form(actor).plantId).toBe('p-kies');
  });
});

describe('quick-order machine: step 3 (Lieferung & Zeit) and submit', () => {
  it('refuses a missing date, time, range bound and template name with the messages of §5.1 under the fields', () => {
    const actor = start();
    toDeliveryStep(actor);
    actor.send({ type: 'SET_FIELD', field: 'deliveryDate', value: '' });
    actor.send({ type: 'SET_FIELD', field: 'deliveryTimeFixed', value: '' });
    actor.send({ type: 'SET_SAVE_AS_TEMPLATE', value: true });
    actor.send({ type: 'SUBMIT' });
    expect(state(actor)).toBe('delivery');
    expect(errors(actor)).toEqual({ deliveryDate: w.deliveryDateRequired, deliveryTimeFixed: w.timeRequired, templateName: w.templateNameRequired });
    actor.send({ type: 'SET_FIELD', field: 'deliveryTimeType', value: 'range' });
    actor.send({ type: 'SET_FIELD', field: 'deliveryTimeFrom', value: '' });
    actor.send({ type: 'SET_FIELD', field: 'deliveryTimeTo', value: '' });
    actor.send({ type: 'SUBMIT' });
    expect(errors(actor)).toMatchObject({ deliveryTimeFrom: w.timeFromRequired, deliveryTimeTo: w.timeToRequired });
    // Editing a field clears its error.
    actor.send({ type: 'SET_FIELD', field: 'templateName', value: 'Kiel' });
    expect(errors(actor).templateName).toBeUndefined();
  });

  it('an alternative time sets a one-hour slot', () => {
    expect(oneHourSlot('13:00')).toEqual({ from: '13:00', to: '14:00' });
    const actor = start();
    toDeliveryStep(actor);
    actor.send({ type: 'CHOOSE_ALTERNATIVE', time: '06:00' });
    expect(form(actor)).toMatchObject({ deliveryTimeType: 'range', deliveryTimeFrom: '06:00', deliveryTimeTo: '07:00' });
  });

  it('submits the form (Ctrl+Enter, the last button) and ends with the result', async () => {
    const sent: QuickOrderForm[] = [];
    const actor = start(async (f) => {
      sent.push(f);
      return { message: messages.success.quickOrderCreated, orders: [], failures: [] };
    });
    toDeliveryStep(actor);
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.context.result?.message).toBe(messages.success.quickOrderCreated);
    expect(sent[0]).toMatchObject({ plantId: 'p-kies', loadingPointId: 'lp-halde', materialIds: ['m-kies'], quantity: '27' });
  });

  it('stays on step 3 with the reason when the orders are refused', async () => {
    const actor = start(async () => {
      throw new Error('Alle Aufträge konnten nicht erstellt werden');
    });
    toDeliveryStep(actor);
    actor.send({ type: 'SUBMIT' });
    const back = await waitFor(actor, (s) => s.matches('delivery') && s.context.submitError !== null);
    expect(back.context.submitError).toBe('Alle Aufträge konnten nicht erstellt werden');
  });

  it('resets to step 1 with nothing chosen on every open', () => {
    const actor = start();
    toDeliveryStep(actor);
    actor.send({ type: 'OPEN', today: '2026-11-26' });
    expect(state(actor)).toBe('plants');
    expect(form(actor)).toMatchObject({ deliveryPlantId: '', plantId: '', materialIds: [], quantity: '', deliveryDate: '2026-11-26' });
    expect(errors(actor)).toEqual({});
  });

  it('validates the whole form in one go', () => {
    const actor = start();
    expect(Object.keys(validateQuickOrder(form(actor))).sort()).toEqual(['loadingPointId', 'materialIds', 'quantity']);
  });
});
