/** The browser can record clips with the camera: the Record control shows only then. */
export function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    Boolean(navigator.mediaDevices?.getUserMedia) &&
    typeof window.MediaRecorder === 'function'
  );
}

/** The first container this browser records that the server takes: MP4 (Safari), else WebM (Chromium, Firefox). */
const RECORDING_TYPES = ['video/mp4', 'video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'];

export function recordingType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => isSupported(type));
}

/** A recorded clip's file name: numbered, with the container's extension. */
export function clipFileName(number: number, type: string): string {
  return `clip-${number}.${type.startsWith('video/mp4') ? 'mp4' : 'webm'}`;
}
