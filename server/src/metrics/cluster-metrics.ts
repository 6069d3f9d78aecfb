import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` of a node that runs several HTTP processes (HTTP_PROCESSES, http/http-processes.ts). A scrape
 * lands on whichever process the node's port hands it to, and one process's counters would be a random
 * share of the node's. So that process asks the supervising primary, which collects every process's
 * registry (prom-client's cluster protocol) and answers the node's sums; gauges read from the shared
 * database (the job queue) are taken once, not summed (their `aggregator` is `first`).
 */
const ASK = 'velvet:node-metrics';
const ANSWER = 'velvet:node-metrics-answer';
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  readonly type: typeof ASK;
  readonly id: number;
}
interface Answer {
  readonly type: typeof ANSWER;
  readonly id: number;
  readonly text?: string;
  readonly error?: string;
}

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** In an HTTP process: answers the primary's collection with this registry, and takes its node answers. */
export function joinNodeMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  new AggregatorRegistry(); // installs prom-client's answering of the primary's collection
  AggregatorRegistry.setRegistries(registry);
  process.on('message', (message: Answer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
}

/** The node's figures in Prometheus's text format: this process's alone when it is the only one. */
export async function nodeMetrics(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++asked;
  const answer = await new Promise<Answer>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve({ type: ANSWER, id, error: 'the other HTTP processes did not answer in time' });
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(message);
    });
    process.send?.({ type: ASK, id } satisfies Ask);
  });
  if (answer.text === undefined) throw new Error(answer.error ?? 'no metrics');
  return answer.text;
}

/** In the primary: answers an HTTP process's ask with every process's figures, aggregated. */
export function serveNodeMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) =>
        worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}
