import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { messages } from '@dispo/domain/messages';
import { ApiError } from '../../../api/errors';
import {
  trailerCompletionBody,
  trailerCompletionMachine,
  vehicleCompletionBody,
  vehicleCompletionMachine,
  vehicleCompletionStep,
} from './completeAppointmentMachine';
import { planAppointmentMachine } from './planAppointmentMachine';

const today = '2026-11-26';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function planActor(submit: (input: unknown) => Promise<unknown> = async () => ({})) {
  const sent: unknown[] = [];
  const machine = planAppointmentMachine.provide({
    actors: {
      submitPlan: fromPromise(async ({ input }) => {
        sent.push(input);
        return submit(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { today } }).start();
  return { actor, sent };
}

describe('planning wizard machine (fleet.md §4)', () => {
  it('starts with today and 09:00 and keeps Next closed until each step is filled', () => {
    const { actor } = planActor();
    expect(actor.getSnapshot().context.form).toMatchObject({ date: today, time: '09:00', type: '' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('type');
    actor.send({ type: 'SET_FIELD', field: 'type', value: 'HU' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('schedule');
    actor.send({ type: 'SET_FIELD', field: 'date', value: '2026-11-25' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('schedule');
    expect(actor.getSnapshot().context.errors.date).toBe(messages.workshop.dateInPast);
    actor.send({ type: 'SET_FIELD', field: 'date', value: today });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('workshop');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.workshop).toBe(messages.workshop.workshopRequired);
    actor.send({ type: 'SET_FIELD', field: 'workshop', value: 'Andere' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.customWorkshop).toBe(messages.workshop.customWorkshopRequired);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('schedule');
  });

  it('sends the trailer when the suggestion was accepted, the vehicle after undo, and resets on open', async () => {
    const { actor, sent } = planActor();
    actor.send({ type: 'SET_FIELD', field: 'type', value: 'HU' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ACCEPT_TRAILER', trailer: { id: 't-1', plate: 'IZ-MA 501', keywords: ['auflieger'] } });
    expect(actor.getSnapshot().context).toMatchObject({ trailer: { id: 't-1' }, suggestionAnswered: true });
    actor.send({ type: 'UNDO_TRAILER' });
    expect(actor.getSnapshot().context.trailer).toBeNull();
    actor.send({ type: 'ACCEPT_TRAILER', trailer: { id: 't-1', plate: 'IZ-MA 501', keywords: ['auflieger'] } });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_FIELD', field: 'workshop', value: 'MAN Neumünster' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(sent[0]).toMatchObject({ trailer: { id: 't-1' }, form: { type: 'HU', workshop: 'MAN Neumünster' } });
    const again = planActor().actor;
    again.send({ type: 'SET_FIELD', field: 'type', value: 'SP' });
    again.send({ type: 'NEXT' });
    again.send({ type: 'ACCEPT_TRAILER', trailer: { id: 't-1', plate: 'IZ-MA 501', keywords: [] } });
    again.send({ type: 'OPEN', today });
    expect(again.getSnapshot()).toMatchObject({ value: 'type', context: { trailer: null, suggestionAnswered: false, form: { type: '', workshop: '' } } });
  });

  it('shows a server refusal under its field on its step', async () => {
    const { actor } = planActor(async () => {
      throw new ApiError(400, messages.workshop.dateInPast, { fields: ['date'] });
    });
    actor.send({ type: 'SET_FIELD', field: 'type', value: 'HU' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_FIELD', field: 'workshop', value: 'X' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('schedule');
    expect(actor.getSnapshot().context.errors.date).toBe(messages.workshop.dateInPast);
  });
});

function vehicleActor() {
  const sent: unknown[] = [];
  const machine = vehicleCompletionMachine.provide({
    actors: { submitCompletion: fromPromise(async ({ input }) => void sent.push(vehicleCompletionBody(input))) },
  });
  return { actor: createActor(machine, { input: { appointmentId: 'a-1' } }).start(), sent };
}

describe('vehicle completion wizard machine (fleet.md §4)', () => {
  it('did not take place: 2 steps, notes only', async () => {
    const { actor, sent } = vehicleActor();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('tookPlace');
    actor.send({ type: 'SET', field: 'tookPlace', value: 'no' });
    actor.send({ type: 'NEXT' });
    expect(vehicleCompletionStep(String(actor.getSnapshot().value))).toEqual({ step: 2, total: 2 });
    actor.send({ type: 'SET', field: 'notes', value: 'abgesagt' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([{ completed: false, notes: 'abgesagt' }]);
  });

  it('with invoice: 4 steps, the amount needed for Next, the follow-up answer (and date) for Finish', async () => {
    const { actor, sent } = vehicleActor();
    actor.send({ type: 'SET', field: 'tookPlace', value: 'yes' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET', field: 'hasInvoice', value: 'yes' });
    actor.send({ type: 'NEXT' });
    expect(vehicleCompletionStep(String(actor.getSnapshot().value))).toEqual({ step: 3, total: 4 });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('amount');
    actor.send({ type: 'SET', field: 'invoiceAmount', value: '1234.56' });
    actor.send({ type: 'NEXT' });
    expect(vehicleCompletionStep(String(actor.getSnapshot().value))).toEqual({ step: 4, total: 4 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('followUp');
    actor.send({ type: 'SET', field: 'followUp', value: 'yes' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('followUp');
    actor.send({ type: 'SET', field: 'followUpDate', value: '2026-12-03' });
    // Issue 31: what the vehicle takes from the completion.
    actor.send({ type: 'SET', field: 'odometerKm', value: '412345' });
    actor.send({ type: 'SET', field: 'inspectionUntil', value: '2027-11-26' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('amount');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([
      {
        completed: true,
        hasInvoice: true,
        invoiceAmount: 1234.56,
        followUpNeeded: true,
        followUpDate: '2026-12-03',
        notes: '',
        odometerKm: 412345,
        nextServiceDue: null,
        inspectionUntil: '2027-11-26',
      },
    ]);
  });

  it('no invoice yet: step 3 skipped, Back from step 4 returns to step 2', () => {
    const { actor } = vehicleActor();
    actor.send({ type: 'SET', field: 'tookPlace', value: 'yes' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET', field: 'hasInvoice', value: 'no' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('followUp');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('invoice');
  });
});

describe('trailer completion wizard machine (fleet.md §4, §5)', () => {
  it('needs a selection on steps 1 and 2, the cost on 3, the follow-up choice to submit; cost parsed with two decimals', async () => {
    const sent: unknown[] = [];
    const machine = trailerCompletionMachine.provide({
      actors: { submitCompletion: fromPromise(async ({ input }) => void sent.push(trailerCompletionBody(input))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('pick');
    actor.send({ type: 'SET', field: 'appointmentId', value: 'a-9' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('success');
    actor.send({ type: 'SET', field: 'wasSuccessful', value: 'yes' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('cost');
    actor.send({ type: 'SET', field: 'actualCost', value: '640,456' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('followUp');
    actor.send({ type: 'SET', field: 'followUp', value: 'no' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([{ wasSuccessful: true, actualCost: 640.46, completionNotes: '', followUpRequired: false, followUpDate: null, followUpNotes: null }]);
  });
});
