import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { orientationOf, variantPath } from '../../lib/orientation';
import { browserStore, clearHistory, forgetSearch, readHistory, rememberSearch } from '../../lib/search-history';
import type { Suggestion } from './discovery-types';
import box from './SearchBox.module.css';

/** Quiet time after the last key before the whisperer is asked (one request per pause, not per key). */
const DEBOUNCE_MS = 180;
const RECENT_SHOWN = 8;

type Option = { readonly kind: 'recent'; readonly text: string } | ({ readonly kind: 'suggestion' } & Suggestion);

/**
 * The search field as an ARIA 1.2 combobox: suggestions from GET /api/search/whisperer as the visitor
 * types (debounced, stale answers dropped), recent searches when empty; arrows move, Enter picks or
 * searches, Escape closes.
 */
export function SearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const variant = orientationOf(useLocation().pathname);
  const listId = useId();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [recent, setRecent] = useState<string[]>([]);
  const request = useRef(0);
  // Closing waits a moment after blur so a click on an option lands; coming back in time cancels it.
  const closing = useRef<number | undefined>(undefined);

  useEffect(() => setText(initial), [initial]);
  useEffect(() => setRecent(readHistory(browserStore())), []);

  useEffect(() => {
    const query = text.trim();
    const ticket = ++request.current;
    if (!query) {
      setSuggestions([]);
      return;
    }
    const timer = window.setTimeout(() => {
      api<{ suggestions: Suggestion[] }>(`/api/search/whisperer?q=${encodeURIComponent(query)}`)
        .then((answer) => {
          if (ticket === request.current) setSuggestions(answer.suggestions);
        })
        .catch(() => {
          if (ticket === request.current) setSuggestions([]);
        });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const options: Option[] = text.trim()
    ? suggestions.map((suggestion) => ({ kind: 'suggestion', ...suggestion }))
    : recent.slice(0, RECENT_SHOWN).map((entry) => ({ kind: 'recent', text: entry }));
  const expanded = open && options.length > 0;

  const search = (query: string) => {
    const trimmed = query.trim();
    if (!trimmed) return;
    setRecent(rememberSearch(browserStore(), trimmed));
    setOpen(false);
    navigate(`${variantPath('search', variant)}?q=${encodeURIComponent(trimmed)}`);
  };

  const choose = (option: Option) => {
    if (option.kind === 'recent' || option.type === 'query') return search(option.text);
    setOpen(false);
    setRecent(rememberSearch(browserStore(), option.text));
    if (option.type === 'tag') navigate(`/tag${variant?.suffix ?? ''}/${encodeURIComponent(option.tag)}`);
    else navigate(`/${option.username}`);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (options.length ? (index + 1) % options.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (options.length ? (index - 1 + options.length) % options.length : -1));
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (option) choose(option);
      else search(text);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <search className={box.form}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
        }}
      >
        <div className={box.field}>
          <SearchIcon />
          <input
            type="search"
            role="combobox"
            aria-label={t('discovery.search.label')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            className={box.input}
            placeholder={t('discovery.search.placeholder')}
            value={text}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            // biome-ignore lint/a11y/noAutofocus: the search page exists to type a search
            autoFocus={autoFocus}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => {
              window.clearTimeout(closing.current);
              setOpen(true);
            }}
            onBlur={() => {
              closing.current = window.setTimeout(() => setOpen(false), 120);
            }}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className={box.submit}>
            {t('discovery.search.submit')}
          </button>
        </div>
        <div className={box.popup} hidden={!expanded}>
          {!text.trim() && (
            <div className={box.popupHeader}>
              <span>{t('discovery.search.recent')}</span>
              <button
                type="button"
                className={box.textButton}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setRecent(clearHistory(browserStore()))}
              >
                {t('discovery.search.clearRecent')}
              </button>
            </div>
          )}
          <div
            id={listId}
            role="listbox"
            aria-label={t(text.trim() ? 'discovery.search.suggestions' : 'discovery.search.recent')}
            className={box.list}
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options take no focus; the field keeps it and points at them with aria-activedescendant
              // biome-ignore lint/a11y/useKeyWithClickEvents: the field handles the keys (arrows, Enter, Escape) for every option
              <div
                key={`${option.kind}-${option.kind === 'recent' ? option.text : `${option.type}-${option.text}`}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={box.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
              >
                <span className={box.optionKind} aria-hidden="true">
                  {option.kind === 'recent' ? '↺' : option.type === 'tag' ? '#' : option.type === 'user' ? '@' : '⌕'}
                </span>
                <span className={box.optionText}>{option.text}</span>
                <span className={box.optionHint}>
                  {option.kind === 'recent' ? t('discovery.search.recentHint') : t(`discovery.search.kind.${option.type}`)}
                </span>
                {option.kind === 'recent' && (
                  <button
                    type="button"
                    className={box.remove}
                    aria-label={t('discovery.search.removeRecent', { query: option.text })}
                    tabIndex={-1}
                    onClick={(event) => {
                      event.stopPropagation();
                      setRecent(forgetSearch(browserStore(), option.text));
                    }}
                  >
                    ×
                  </button>
                )}
              </div>
            ))}
          </div>
        </div>
      </form>
    </search>
  );
}

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.6-3.6" />
    </svg>
  );
}
