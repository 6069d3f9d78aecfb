import { type FormEvent, useId, useRef, useState } from 'react';
import type { CaptionListAnswer, CaptionSummary } from '../../../../server/src/captions/captions.schemas.ts';
import { languages } from '../../../../server/src/settings/languages.ts';
import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import { ApiError } from '../../lib/api';
import { useAccount } from '../account/AccountSession';
import forms from '../account/forms.module.css';
import styles from './CaptionsEditor.module.css';
import { deleteCaptions, uploadCaptions } from './captions-api';

const STATUS_MS = 3000;
/** Codes the captions namespace explains; any other failure gets the general message. */
const EXPLAINED = new Set([
  'caption_encoding_invalid',
  'caption_format_invalid',
  'caption_timing_invalid',
  'caption_too_large',
  'caption_too_many_cues',
  'caption_cue_too_long',
  'caption_empty',
  'captions_need_video',
]);

function errorKey(error: unknown): MessageKey {
  const code = error instanceof ApiError ? (error.code === 'body_too_large' ? 'caption_too_large' : error.code) : '';
  return `captions.errors.${EXPLAINED.has(code) ? code : 'generic'}` as MessageKey;
}

export interface CaptionsEditorProps {
  readonly postId: number;
  readonly initial: CaptionListAnswer;
}

/**
 * The studio's captions tab of one video: the languages it has (cue count, the first cues), and one form
 * to add a language or replace one (a WebVTT or SRT file), plus deletion. The server checks every file
 * (server/src/captions/README.md); its refusals are told here in the creator's language.
 */
export function CaptionsEditor({ postId, initial }: CaptionsEditorProps) {
  const { t, i18n } = useTranslation();
  const { showStatus } = useAccount();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [captions, setCaptions] = useState<CaptionSummary[]>(initial.captions);
  const pageLanguage = i18n.language.slice(0, 2);
  const [language, setLanguage] = useState(() => firstFree(initial.captions, pageLanguage));
  const [file, setFile] = useState<File | undefined>(undefined);
  const [error, setError] = useState<MessageKey | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { maxBytes, maxCues, maxLineChars } = initial.limits;

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('captions.chooseFile');
      fileInput.current?.focus();
      return;
    }
    if (file.size > maxBytes) {
      setError('captions.errors.caption_too_large');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const caption = await uploadCaptions(postId, language, await file.arrayBuffer());
      setCaptions((list) => [...list.filter((entry) => entry.language !== language), caption].sort(byLanguage));
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
      showStatus(t('captions.saved', { language: caption.label }), 'success', STATUS_MS);
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (caption: CaptionSummary) => {
    setBusy(true);
    try {
      await deleteCaptions(postId, caption.language);
      setCaptions((list) => list.filter((entry) => entry.language !== caption.language));
      showStatus(t('captions.deleted', { language: caption.label }), 'success', STATUS_MS);
    } catch (failure) {
      showStatus(t(errorKey(failure)), 'error', STATUS_MS * 2);
    } finally {
      setBusy(false);
    }
  };

  const replace = (caption: CaptionSummary) => {
    setLanguage(caption.language);
    setError(undefined);
    fileInput.current?.focus();
  };

  return (
    <div className={styles.editor}>
      <p className={styles.intro}>{t('captions.intro')}</p>
      <section aria-labelledby={`${id}-languages`}>
        <h2 id={`${id}-languages`} className={styles.heading}>
          {t('captions.languages')}
        </h2>
        {captions.length === 0 ? (
          <p className={styles.empty}>{t('captions.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {captions.map((caption) => (
              <li key={caption.language} className={styles.item} data-testid={`caption-${caption.language}`}>
                <div className={styles.itemHead}>
                  <h3 className={styles.language} lang={caption.language}>
                    {caption.label}
                  </h3>
                  <span className={styles.count}>{t('captions.cueCount', { number: caption.cueCount })}</span>
                </div>
                <figure className={styles.preview}>
                  <figcaption className={forms.hint}>{t('captions.preview')}</figcaption>
                  <ol lang={caption.language} dir="auto">
                    {caption.preview.map((line, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cues are shown in their fixed order; equal lines may repeat.
                      <li key={index} dir="auto">
                        {line}
                      </li>
                    ))}
                  </ol>
                </figure>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={forms.secondary}
                    onClick={() => replace(caption)}
                    disabled={busy}
                    aria-label={t('captions.replaceLabel', { language: caption.label })}
                  >
                    {t('captions.replace')}
                  </button>
                  <button
                    type="button"
                    className={forms.danger}
                    onClick={() => void remove(caption)}
                    disabled={busy}
                    aria-label={t('captions.deleteLabel', { language: caption.label })}
                  >
                    {t('captions.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`} className={styles.heading}>
          {t('captions.add')}
        </h2>
        <form className={forms.form} onSubmit={upload} noValidate>
          <div className={forms.field}>
            <label htmlFor={`${id}-language`} className={forms.label}>
              {t('captions.language')}
            </label>
            <select
              id={`${id}-language`}
              className={forms.select}
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value)}
            >
              {languages.map((entry) => (
                <option key={entry.code} value={entry.code} lang={entry.code}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <div className={forms.field}>
            <label htmlFor={`${id}-file`} className={forms.label}>
              {t('captions.file')}
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              className={forms.input}
              type="file"
              accept=".vtt,.srt,text/vtt,application/x-subrip"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-limits${error ? ` ${id}-error` : ''}`}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0]);
                setError(undefined);
              }}
            />
            <p id={`${id}-limits`} className={forms.hint}>
              {t('captions.limits', { size: Math.floor(maxBytes / 1024), cues: maxCues, chars: maxLineChars })}
            </p>
            {error && (
              <p id={`${id}-error`} className={forms.error} role="alert">
                {t(error)}
              </p>
            )}
          </div>
          <button type="submit" className={forms.primary} disabled={busy}>
            {busy ? t('captions.uploading') : t('captions.upload')}
          </button>
        </form>
      </section>
    </div>
  );
}

function byLanguage(a: CaptionSummary, b: CaptionSummary): number {
  const order = (code: string) => languages.findIndex((entry) => entry.code === code);
  return order(a.language) - order(b.language);
}

/** The page's language when it has no captions yet, else the first language without any. */
function firstFree(captions: readonly CaptionSummary[], pageLanguage: string): string {
  const taken = new Set(captions.map((caption) => caption.language));
  if (!taken.has(pageLanguage) && languages.some((entry) => entry.code === pageLanguage)) return pageLanguage;
  return languages.find((entry) => !taken.has(entry.code))?.code ?? pageLanguage;
}
