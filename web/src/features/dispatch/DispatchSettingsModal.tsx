import { type FormEvent, useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { Modal } from '../../components/Modal';
import { complexityLevel, needsVirtualScrolling, slotStarts } from './grid';
import { DEFAULT_SETTINGS, type DispatchSettings, END_HOURS, START_HOURS, TIME_INTERVALS, validateSettings, ZOOM } from './settings';

const text = messages.dispatchScreen.settingsForm;

export interface DispatchSettingsModalProps {
  settings: DispatchSettings;
  vehicleCount: number;
  onSave(settings: DispatchSettings): void;
  onClose(): void;
}

/** Disposition Einstellungen (dispatch.md §3 "Disposition settings", §5 validation). */
export function DispatchSettingsModal({ settings, vehicleCount, onSave, onClose }: DispatchSettingsModalProps) {
  const formId = useId();
  const errorId = useId();
  const [form, setForm] = useState<DispatchSettings>(settings);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof DispatchSettings>(key: K, value: DispatchSettings[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const slots = slotStarts(form.startHour, form.endHour, form.timeInterval).length;
  const complexity = slots * vehicleCount;
  const virtual = needsVirtualScrolling(slots, vehicleCount, form.timeInterval);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSettings(form);
    if (problem) {
      setError(problem);
      return;
    }
    onSave(form);
  };

  return (
    <Modal
      title={messages.dispatch.settingsTitle}
      onClose={onClose}
      size="small"
      closeOnBackdrop={false}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              setForm({ ...DEFAULT_SETTINGS });
              setError(null);
            }}
          >
            {text.resetDefaults}
          </button>
          <span className="modal__footer-spacer" />
          <button type="button" className="button" onClick={onClose}>
            {messages.dispatchScreen.cancel}
          </button>
          <button type="submit" form={formId} className="button button--primary">
            {text.save}
          </button>
        </>
      }
    >
      <form id={formId} className="dispatch-form" onSubmit={submit} noValidate>
        <fieldset className="dispatch-form__group">
          <legend>{text.timeWindow}</legend>
          <div className="dispatch-form__row">
            <label className="field">
              <span className="field__label">{text.startHour}</span>
              <select
                className="field__input"
                value={form.startHour}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => set('startHour', Number(event.target.value))}
                data-autofocus
              >
                {START_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {text.hour(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">{text.endHour}</span>
              <select
                className="field__input"
                value={form.endHour}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => set('endHour', Number(event.target.value))}
              >
                {END_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {text.hour(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">{text.interval}</span>
              <select className="field__input" value={form.timeInterval} onChange={(event) => set('timeInterval', Number(event.target.value))}>
                {TIME_INTERVALS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {text.intervalOption(minutes)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {error && (
            <p id={errorId} className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <label className="field">
            <span className="field__label">
              {text.zoom}: <output>{text.zoomValue(form.timelineZoom)}</output>
            </span>
            <input
              type="range"
              min={ZOOM.min}
              max={ZOOM.max}
              step={ZOOM.step}
              value={form.timelineZoom}
              aria-valuetext={text.zoomValue(form.timelineZoom)}
              onChange={(event) => set('timelineZoom', Number(event.target.value))}
            />
          </label>
          <p className="dispatch-form__hint">
            {text.slots(slots, vehicleCount)} · {messages.dispatchScreen.complexity(complexity, messages.dispatchScreen.complexityLevel[complexityLevel(complexity)])}
            {virtual && <> · {messages.dispatchScreen.virtualScrolling}</>}
          </p>
        </fieldset>
        <fieldset className="dispatch-form__group">
          <legend>{text.display}</legend>
          <label className="checkbox">
            <input type="checkbox" checked={form.confettiEnabled} onChange={(event) => set('confettiEnabled', event.target.checked)} />
            {text.confetti}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={form.tourOverviewEnabled} onChange={(event) => set('tourOverviewEnabled', event.target.checked)} />
            {text.tourOverview}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={form.visualAiEnabled} onChange={(event) => set('visualAiEnabled', event.target.checked)} />
            <span>
              {text.visualAi}
              <span className="dispatch-form__hint">{text.visualAiHint}</span>
            </span>
          </label>
        </fieldset>
      </form>
    </Modal>
  );
}
