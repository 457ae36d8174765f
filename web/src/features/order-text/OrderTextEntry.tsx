import { messages } from '@dispo/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/errors';
import { useCustomerSearch, useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import type { Order } from '../../api/types';
import { ListboxOption } from '../../components/Combobox';
import { FlashMessages } from '../../components/FlashMessages';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useFlash } from '../../components/useFlash';
import {
  type CreateFailure,
  type FromTextAnswer,
  type OrderDraft,
  PARSE_DEBOUNCE_MS,
  PARSE_MIN_CHARS,
  type ParseAnswer,
  parseQueryOptions,
  useCreateFromDrafts,
  useParsedText,
} from './api';
import { DraftFields, type DraftOptions } from './DraftFields';
import { confidencePercent, deliveryPlants, HINT_BELOW, loadingPlants, PREVIEW_ABOVE } from './drafts';
import { ExistingOrderSearch, type ExistingOrderSearchProps } from './ExistingOrderSearch';
import { fragmentAt, insertSuggestion, type Suggestion, type SuggestionKind, suggest } from './suggestions';
import './order-text.css';

/** The user settings of §3 this entry follows (until the settings issue lands, both on). */
export interface OrderTextSettings {
  enableNLPOrderCreation: boolean;
  showAdditionalSearch: boolean;
  /** Autocomplete from the catalogue while typing. */
  enableAutoSuggestions: boolean;
}

export const ORDER_TEXT_DEFAULT_SETTINGS: OrderTextSettings = {
  enableNLPOrderCreation: true,
  showAdditionalSearch: true,
  enableAutoSuggestions: true,
};

/** §2.3: the page shows its normal search bar (with the plant chip) unless this entry shows the separate one. */
export function showsSeparateSearch(settings: Partial<OrderTextSettings> = {}): boolean {
  const s = { ...ORDER_TEXT_DEFAULT_SETTINGS, ...settings };
  return s.enableNLPOrderCreation && s.showAdditionalSearch;
}

export interface OrderTextEntryProps {
  /** The orders just created from the text (also after a partial success). */
  onCreated?(orders: Order[]): void;
  /** The page's search term, shown and edited in the separate bar `Suche in bestehenden Aufträgen` (§2.3). */
  search?: ExistingOrderSearchProps;
  /** The page's own search bar (with suggestions and history) in place of the plain separate bar. */
  searchBar?: ReactNode;
  settings?: Partial<OrderTextSettings>;
  /** Relative dates count from this day (YYYY-MM-DD); default: today in Europe/Berlin, on the server. */
  referenceDate?: string;
}

const SUGGESTION_SEARCH_DEBOUNCE_MS = 150;

/** Reviewed drafts of one parse answer; a partial success keeps the failed ones with their errors. */
interface Review {
  answer: ParseAnswer;
  drafts: OrderDraft[];
  errors: (string | null)[];
}

function suggestionKindLabel(kind: SuggestionKind): string {
  const o = messages.orderScreen;
  const labels: Record<SuggestionKind, string> = {
    material: o.material,
    customer: o.customer,
    loadingPlant: o.loadingPlant,
    deliveryPlant: o.deliveryPlant,
    plant: messages.orderText.entry.plant,
    loadingPoint: o.loadingPoint,
  };
  return labels[kind];
}

function failuresOf(error: unknown): CreateFailure[] {
  const details = isApiError(error) ? (error.details as { failures?: unknown } | undefined) : undefined;
  return Array.isArray(details?.failures) ? (details.failures as CreateFailure[]) : [];
}

/**
 * Natural-language order entry (orders.md §2.4, §4.9, §5.4): a text input with autocomplete from the
 * catalogue, the preview card `Auftrag erkannt` with every recognised field editable (one row per
 * order), hints below 0.7, creation with Enter or the button, and under it the separate search bar of
 * §2.3. Mounted above the order table.
 */
export function OrderTextEntry({ onCreated, search, searchBar, settings, referenceDate }: OrderTextEntryProps) {
  const { enableNLPOrderCreation, showAdditionalSearch, enableAutoSuggestions } = { ...ORDER_TEXT_DEFAULT_SETTINGS, ...settings };
  if (!enableNLPOrderCreation) return null;
  return (
    <section className="panel order-text" aria-label={messages.orderText.entry.label}>
      <TextEntry onCreated={onCreated} referenceDate={referenceDate ?? null} autoSuggest={enableAutoSuggestions} />
      {showAdditionalSearch && (searchBar ?? (search && <ExistingOrderSearch {...search} />))}
    </section>
  );
}

function TextEntry({
  onCreated,
  referenceDate,
  autoSuggest,
}: {
  onCreated: ((orders: Order[]) => void) | undefined;
  referenceDate: string | null;
  autoSuggest: boolean;
}) {
  const id = useId();
  const t = messages.orderText.entry;
  const queryClient = useQueryClient();
  const flash = useFlash();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);

  const debounced = useDebouncedValue(text, PARSE_DEBOUNCE_MS);
  const parse = useParsedText(debounced, referenceDate);
  const create = useCreateFromDrafts();

  const materials = useMaterials();
  const plants = usePlants();
  const loadingPoints = useLoadingPoints();
  const options: DraftOptions = useMemo(
    () => ({
      materials: (materials.data ?? []).filter((m) => m.status !== 'inactive'),
      loadingPlants: loadingPlants(plants.data ?? []),
      deliveryPlants: deliveryPlants(plants.data ?? []),
      loadingPoints: loadingPoints.data ?? [],
    }),
    [materials.data, plants.data, loadingPoints.data],
  );

  // Autocomplete: the word before the caret, completed from the catalogue (customers by search).
  const fragment = fragmentAt(text, caret);
  const customerTerm = useDebouncedValue(fragment ? text.slice(fragment.start, fragment.end) : '', SUGGESTION_SEARCH_DEBOUNCE_MS);
  const customers = useCustomerSearch(customerTerm);
  const suggestions =
    listOpen && autoSuggest
      ? suggest(fragment, {
          materials: materials.data ?? [],
          plants: plants.data ?? [],
          loadingPoints: loadingPoints.data ?? [],
          customers: customers.data ?? [],
        })
      : [];
  const showList = suggestions.length > 0;

  // A new parse answer starts a new review (adjusting state while rendering, as React recommends).
  const [review, setReview] = useState<Review | null>(null);
  const answer = text.trim().length >= PARSE_MIN_CHARS ? (parse.data ?? null) : null;
  if (answer && answer !== review?.answer) setReview({ answer, drafts: answer.orders, errors: answer.orders.map(() => null) });
  const current = review && answer === review.answer ? review : null;
  const cardShown = current !== null && current.answer.confidence > PREVIEW_ABOVE && current.drafts.length > 0;
  const updating = text !== debounced || parse.isFetching;

  const pick = (suggestion: Suggestion & { replaceFrom: number }) => {
    if (!fragment) return;
    const next = insertSuggestion(text, fragment, suggestion.replaceFrom, suggestion.value);
    setText(next.text);
    setCaret(next.caret);
    setHighlight(-1);
    setListOpen(false);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(next.caret, next.caret));
  };

  const finish = (result: FromTextAnswer, drafts: OrderDraft[]) => {
    flash.success(result.message);
    onCreated?.(result.orders);
    if (result.failures.length === 0) {
      setText('');
      setCaret(0);
      setReview(null);
      return;
    }
    // Partial success: the failed drafts stay in the card with their reasons, the created ones leave it.
    setReview((r) => (r ? { ...r, drafts: result.failures.map((f) => drafts[f.index]!), errors: result.failures.map((f) => f.error) } : r));
  };

  const submit = async () => {
    if (create.isPending || text.trim().length < PARSE_MIN_CHARS) return;
    let drafts = current?.drafts ?? null;
    let confidence = current?.answer.confidence ?? 0;
    // Enter right after typing: the card may still show the text of a moment ago.
    if (text !== debounced || !current) {
      try {
        const fresh = await queryClient.fetchQuery(parseQueryOptions(text.trim(), referenceDate));
        drafts = fresh.orders;
        confidence = fresh.confidence;
        setReview({ answer: fresh, drafts: fresh.orders, errors: fresh.orders.map(() => null) });
      } catch (error) {
        flash.error(isApiError(error) ? error.message : t.parseFailed);
        return;
      }
    }
    if (!drafts || drafts.length === 0 || confidence <= PREVIEW_ABOVE) return;
    const sent = drafts;
    create.mutate(sent, {
      onSuccess: (result) => finish(result, sent),
      onError: (error) => {
        flash.error(isApiError(error) ? error.message : messages.errors.create);
        const failures = failuresOf(error);
        if (failures.length > 0)
          setReview((r) => (r ? { ...r, errors: r.drafts.map((_, i) => failures.find((f) => f.index === i)?.error ?? null) } : r));
      },
    });
  };

  const changeDraft = (index: number, draft: OrderDraft) =>
    setReview((r) =>
      r ? { ...r, drafts: r.drafts.map((d, i) => (i === index ? draft : d)), errors: r.errors.map((e, i) => (i === index ? null : e)) } : r,
    );

  const listId = `${id}-suggestions`;
  const hints = current && current.answer.confidence < HINT_BELOW ? current.answer.hints : [];

  return (
    <div className="order-text__entry">
      <label className="field__label" htmlFor={`${id}-text`}>
        {t.label}
      </label>
      <div className="order-text__input-row">
        <div className="order-text__combobox">
          <input
            ref={inputRef}
            id={`${id}-text`}
            type="text"
            className="field__input order-text__input"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && highlight >= 0 ? `${listId}-${highlight}` : undefined}
            aria-describedby={`${id}-help`}
            placeholder={t.placeholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart ?? event.target.value.length);
              setListOpen(true);
              setHighlight(-1);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? text.length)}
            onBlur={() => setListOpen(false)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && showList) {
                event.preventDefault();
                setHighlight((index) => (index + 1) % suggestions.length);
              } else if (event.key === 'ArrowUp' && showList) {
                event.preventDefault();
                setHighlight((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
              } else if (event.key === 'Tab' && showList && highlight >= 0) {
                event.preventDefault();
                pick(suggestions[highlight]!);
              } else if (event.key === 'Enter') {
                event.preventDefault();
                const chosen = showList && highlight >= 0 ? suggestions[highlight] : undefined;
                if (chosen) pick(chosen);
                else {
                  setListOpen(false);
                  void submit();
                }
              } else if (event.key === 'Escape' && showList) {
                event.preventDefault();
                setListOpen(false);
              }
            }}
          />
          {showList && (
            <ul id={listId} role="listbox" className="order-text__list" aria-label={t.suggestions}>
              {suggestions.map((suggestion, index) => (
                <ListboxOption
                  key={suggestion.key}
                  id={`${listId}-${index}`}
                  className="order-text__option"
                  active={index === highlight}
                  onHighlight={() => setHighlight(index)}
                  onPick={() => pick(suggestion)}
                >
                  <span className="order-text__option-label">{suggestion.label}</span>
                  <span className="order-text__option-kind">{suggestionKindLabel(suggestion.kind)}</span>
                </ListboxOption>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p id={`${id}-help`} className="order-text__help">
        {t.help}
      </p>

      {updating && text.trim().length >= PARSE_MIN_CHARS && (
        <p className="order-text__status" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t.parsing}
        </p>
      )}
      {parse.isError && text.trim().length >= PARSE_MIN_CHARS && (
        <p className="alert alert--error order-text__status" role="alert">
          {t.parseFailed} {parse.error.message}
        </p>
      )}

      {cardShown && current && (
        <article className="order-text__card" aria-labelledby={`${id}-card-title`}>
          <header className="order-text__card-header">
            <h3 id={`${id}-card-title`} className="order-text__card-title">
              {messages.naturalLanguage.recognised}
            </h3>
            <span className={`order-text__confidence${current.answer.confidence < HINT_BELOW ? ' order-text__confidence--low' : ''}`}>
              {messages.naturalLanguage.confidence(confidencePercent(current.answer.confidence))}
            </span>
          </header>
          {current.drafts.map((draft, index) => (
            <div key={index} className="order-text__row" role="group" aria-label={t.orderNumber(index + 1, current.drafts.length)}>
              {current.drafts.length > 1 && <h4 className="order-text__row-title">{t.orderNumber(index + 1, current.drafts.length)}</h4>}
              <DraftFields id={`${id}-draft-${index}`} draft={draft} options={options} onChange={(next) => changeDraft(index, next)} />
              {current.errors[index] && (
                <p className="alert alert--error order-text__row-error" role="alert">
                  {current.errors[index]}
                </p>
              )}
            </div>
          ))}
          {hints.length > 0 && <Hints id={id} hints={hints} />}
          <footer className="order-text__card-footer">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setText('');
                setReview(null);
              }}
            >
              {t.discard}
            </button>
            <button type="button" className="button button--primary" disabled={create.isPending} onClick={() => void submit()}>
              {create.isPending ? t.creating : t.create(current.drafts.length)}
            </button>
          </footer>
        </article>
      )}
      {!cardShown && hints.length > 0 && !updating && <Hints id={id} hints={hints} />}
      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} />
    </div>
  );
}

function Hints({ id, hints }: { id: string; hints: readonly string[] }) {
  return (
    <div className="order-text__hints" aria-labelledby={`${id}-hints`}>
      <h4 id={`${id}-hints`} className="order-text__hints-title">
        {messages.orderText.entry.hints}
      </h4>
      <ul>
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
    </div>
  );
}
