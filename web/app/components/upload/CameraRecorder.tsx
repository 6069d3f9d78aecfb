import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './CameraRecorder.module.css';
import { clipFileName, recordingType } from './camera';
import shared from './UploadComposer.module.css';

/**
 * Records clips with the camera (MediaRecorder): each stop adds one clip as a file. Opened on request only,
 * so the browser asks for the camera when the person wants it; closing stops every track.
 */
export function CameraRecorder({
  clipsSoFar,
  onClip,
  onClose,
}: {
  clipsSoFar: number;
  onClip: (file: File) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | undefined>(undefined);
  const recorder = useRef<MediaRecorder | undefined>(undefined);
  const [state, setState] = useState<'opening' | 'ready' | 'recording' | 'failed'>('opening');
  const [seconds, setSeconds] = useState(0);
  const clipNumber = useRef(clipsSoFar);
  clipNumber.current = clipsSoFar;

  useEffect(() => {
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', height: { ideal: 1280 }, width: { ideal: 720 } }, audio: true })
      .then((opened) => {
        if (cancelled) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream.current = opened;
        if (preview.current) preview.current.srcObject = opened;
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    };
  }, []);

  useEffect(() => {
    if (state !== 'recording') return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [state]);

  const start = () => {
    const type = recordingType((candidate) => MediaRecorder.isTypeSupported(candidate));
    if (!stream.current || !type) {
      setState('failed');
      return;
    }
    const chunks: Blob[] = [];
    const next = new MediaRecorder(stream.current, { mimeType: type });
    next.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    next.onstop = () => {
      const blob = new Blob(chunks, { type });
      if (blob.size > 0) onClip(new File([blob], clipFileName(clipNumber.current + 1, type), { type: blob.type }));
    };
    recorder.current = next;
    next.start(1000);
    setSeconds(0);
    setState('recording');
  };

  const stop = () => {
    recorder.current?.stop();
    setState('ready');
  };

  return (
    <section className={styles.camera} aria-label={t('upload.record')}>
      {state === 'failed' ? (
        <p className={shared.error} role="alert">
          {t('upload.cameraFailed')}
        </p>
      ) : (
        <video ref={preview} className={styles.cameraPreview} autoPlay muted playsInline aria-label={t('upload.cameraPreview')} />
      )}
      <div className={styles.cameraBar}>
        {state === 'recording' ? (
          <button type="button" className={styles.recordButton} data-recording onClick={stop}>
            <span className={styles.recordDot} aria-hidden="true" />
            {t('upload.recordStop')}
          </button>
        ) : (
          <button type="button" className={styles.recordButton} disabled={state !== 'ready'} onClick={start}>
            <span className={styles.recordDot} aria-hidden="true" />
            {t('upload.recordStart')}
          </button>
        )}
        <span className={styles.recordTime} role="timer" aria-live="off">
          {state === 'recording' ? t('upload.recording', { seconds }) : ''}
        </span>
        <button type="button" className={shared.secondaryButton} onClick={onClose}>
          {t('upload.recordClose')}
        </button>
      </div>
    </section>
  );
}
