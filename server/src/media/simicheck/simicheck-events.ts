/** Sent to a video's owner when the worker finds that the upload duplicates a post already on the site. */
export interface CheckVideoFailedEvent {
  readonly type: 'check-video-failed';
  readonly userId: number;
  readonly mediaId: number;
  readonly postId: number | null;
  readonly duplicateOfPostId: number;
  readonly similarity: number;
}

/**
 * Where the duplicate check reports to. The realtime layer subscribes and forwards each event to the owner's
 * websocket (SPEC §7 lists check-video-failed among the received events).
 */
export interface SimicheckEvents {
  checkVideoFailed(event: CheckVideoFailedEvent): Promise<void>;
}

type Listener = (event: CheckVideoFailedEvent) => void | Promise<void>;

/** Delivers events to listeners in this process; a listener's failure is reported, never lost silently. */
export class InProcessSimicheckEvents implements SimicheckEvents {
  readonly #listeners = new Set<Listener>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void) {
    this.#onListenerError = onListenerError;
  }

  /** Subscribes; the returned function unsubscribes. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async checkVideoFailed(event: CheckVideoFailedEvent): Promise<void> {
    for (const listener of this.#listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }
}
