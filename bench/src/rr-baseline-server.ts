import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import Fastify from 'fastify';
import type { ServerBuild } from 'react-router';
import { compressOptions } from '../../server/src/http/encodings.ts';

/**
 * The trivial React Router page (bench/rr-baseline, built by servers.ts) served the way Velvet serves its
 * pages: Fastify, the same adapter and the same compression, nothing else. Issue 23 measures SSR pages
 * against it: what a page costs beyond what any React Router page costs on this machine.
 */
const [buildDirectory] = process.argv.slice(2);
if (!buildDirectory) throw new Error('usage: rr-baseline-server.ts <build directory>');
const build = (await import(pathToFileURL(resolve(buildDirectory, 'server/index.js')).href)) as ServerBuild;
const app = Fastify({ logger: false });
await app.register(compress, compressOptions);
await app.register(fastifyReactRouter, {
  build,
  mode: 'production',
  clientBuildDirectory: resolve(buildDirectory, 'client'),
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
