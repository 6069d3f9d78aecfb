import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { type Challenge, solveChallenge } from './proof-of-work';

export type ProofState = 'working' | 'ready' | 'failed';

/**
 * Solves a fresh ALTCHA challenge as soon as a form opens, so the proof is usually ready before the
 * person has typed. `take()` waits for it and hands it over once (each proof is single use), then starts the next.
 */
export function useProofOfWork() {
  const [state, setState] = useState<ProofState>('working');
  const pending = useRef<Promise<string> | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);

  const start = useCallback(() => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState('working');
    const proof = api<Challenge & { statusCode: number }>('/api/altcha', { signal: controller.signal }).then((challenge) =>
      solveChallenge(challenge, controller.signal),
    );
    pending.current = proof;
    proof.then(
      () => !controller.signal.aborted && setState('ready'),
      () => !controller.signal.aborted && setState('failed'),
    );
    proof.catch(() => {});
  }, []);

  useEffect(() => {
    start();
    return () => abort.current?.abort();
  }, [start]);

  const take = useCallback(async (): Promise<string> => {
    const proof = pending.current;
    if (!proof) throw new Error('no proof of work started');
    try {
      return await proof;
    } finally {
      start();
    }
  }, [start]);

  return { state, take, retry: start };
}
