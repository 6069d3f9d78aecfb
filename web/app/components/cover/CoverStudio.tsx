import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import type { CoverView } from '../../../../server/src/media/cover/cover-schema.ts';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import styles from './CoverStudio.module.css';
import { coverMessageKey, formatMoment } from './cover-messages';
import { Filmstrip } from './Filmstrip';
import { useCover } from './useCover';

/** The scrubber's step: a tenth of a second per arrow key. */
const STEP_MS = 100;
/** Where the scrubber starts: the moment of the last frame chosen, else where the pipeline took the poster. */
const startMoment = (cover: CoverView) => cover.request?.timeMs ?? Math.round(cover.durationMs * 0.4);

/**
 * The cover tab: the video large at the scrubber's moment, a strip of previews along it, "use this frame";
 * beside it the cover served now and "upload a picture". While the job runs the controls wait and a status
 * line says so; a toast tells when the new cover is served (useCover).
 */
export function CoverStudio({ initial }: { initial: CoverView }) {
  const { t } = useTranslation();
  const ids = useId();
  const { cover, working, refusal, chooseFrame, choosePicture } = useCover(initial);
  const [moment, setMoment] = useState(() => startMoment(initial));
  const preview = useRef<HTMLVideoElement>(null);
  const last = Math.max(0, cover.durationMs - 1);

  useEffect(() => {
    const element = preview.current;
    if (element && element.readyState >= 1) element.currentTime = moment / 1000;
  }, [moment]);

  const shape = { '--ratio': cover.width / cover.height } as CSSProperties;
  const time = formatMoment(moment);
  return (
    <section className={styles.cover} aria-labelledby={`${ids}-title`} aria-busy={working}>
      <div>
        <h3 id={`${ids}-title`} className={styles.title}>
          {t('cover.title')}
        </h3>
        <p className={styles.lead}>{t('cover.lead')}</p>
      </div>
      <div className={styles.layout}>
        <div className={styles.chooser}>
          <figure className={styles.preview} style={shape}>
            <video
              ref={preview}
              src={cover.video}
              muted
              playsInline
              preload="auto"
              aria-label={t('cover.previewLabel', { time })}
              onLoadedMetadata={(event) => {
                event.currentTarget.currentTime = moment / 1000;
              }}
            />
          </figure>
          <div className={styles.scrubber}>
            <div className={styles.scrubberHead}>
              <label htmlFor={`${ids}-moment`} className={forms.label}>
                {t('cover.moment')}
              </label>
              <output htmlFor={`${ids}-moment`} className={styles.time} dir="ltr">
                {time}
              </output>
            </div>
            <input
              id={`${ids}-moment`}
              className={styles.range}
              type="range"
              min={0}
              max={last}
              step={STEP_MS}
              value={Math.min(moment, last)}
              aria-valuetext={time}
              aria-describedby={`${ids}-moment-hint`}
              onChange={(event) => setMoment(Number(event.currentTarget.value))}
            />
            <p id={`${ids}-moment-hint`} className={forms.hint}>
              {t('cover.momentHint')}
            </p>
          </div>
          <Filmstrip
            video={cover.video}
            durationMs={cover.durationMs}
            width={cover.width}
            height={cover.height}
            moment={moment}
            onPick={setMoment}
          />
          <button
            type="button"
            className={`${forms.primary} ${styles.use}`}
            disabled={working}
            onClick={() => chooseFrame(moment)}
          >
            {t('cover.useFrame')}
          </button>
        </div>
        <div className={styles.side}>
          <figure className={styles.current} style={shape}>
            <picture>
              {cover.poster.webp ? <source srcSet={cover.poster.webp} type="image/webp" /> : null}
              <img src={cover.poster.jpg ?? cover.poster.webp} alt={t('cover.currentAlt')} />
            </picture>
            <figcaption className={forms.hint}>{t('cover.current')}</figcaption>
          </figure>
          <div className={styles.upload}>
            <input
              id={`${ids}-picture`}
              className={styles.fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              disabled={working}
              aria-describedby={`${ids}-picture-hint`}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void choosePicture(file);
              }}
            />
            <label htmlFor={`${ids}-picture`} className={`${forms.secondary} ${styles.fileButton}`}>
              {t('cover.upload')}
            </label>
            <p id={`${ids}-picture-hint`} className={forms.hint}>
              {t('cover.uploadHint')}
            </p>
          </div>
          <div className={styles.status}>
            <p role="status" className={styles.working}>
              {working ? (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  {t('cover.working')}
                </>
              ) : null}
            </p>
            <p role="alert" className={forms.error}>
              {refusal && !working ? t(coverMessageKey(refusal)) : null}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
