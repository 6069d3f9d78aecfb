import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { envelope } from '../../http/envelope.ts';
import { staffActor } from '../../moderation/staff-guard.plugin.ts';
import type { HashBankService } from './hash-banks.service.ts';
import { HashImportBody } from './hash-banks-schema.ts';

const admin = { role: 'admin' } as const;

/** Hash banks over HTTP, admins only (README.md "Routes"). */
export default async function hashBankRoutes(app: FastifyInstance, { hashBanks }: { hashBanks: HashBankService }) {
  app.get('/api/admin/hash-banks', { config: admin }, async () => envelope(await hashBanks.overview()));

  app.post('/api/admin/hash-banks/import', { config: admin, schema: { body: HashImportBody } }, async (request) => {
    const body = request.body as Static<typeof HashImportBody>;
    return envelope(await hashBanks.importList(staffActor(request), body), 1);
  });
}
