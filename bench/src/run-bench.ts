/**
 * Runs a benchmark's main to the end and always stops what it started: after success, after a failure
 * and on Ctrl-C / SIGTERM (exit 130). `interruption` aborts the running load so main returns quickly.
 */
export async function runBench(
  main: () => Promise<void>,
  stop: () => Promise<void>,
  interruption: AbortController,
): Promise<void> {
  const interrupt = async (signal: string) => {
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    interruption.abort();
    await stop();
    process.exit(130);
  };
  process.once('SIGINT', () => void interrupt('SIGINT'));
  process.once('SIGTERM', () => void interrupt('SIGTERM'));
  try {
    await main();
  } catch (error) {
    // After Ctrl-C the aborted load and the stopping servers throw; interrupt() reports and exits.
    if (!interruption.signal.aborted) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}
