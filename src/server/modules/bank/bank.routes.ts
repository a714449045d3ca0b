import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import {
  BANK_API, bankAddBody, bankEditBody, bankIdsBody, binAddBody, binEditBody, binIdBody, binImportFields, lookupQuery,
} from '../../../schemas/bank';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { addBank, addBin, bankOptions, editBank, editBin, importBins, removeBin, setBanksEnabled, type BankCtx } from './banks';
import { bankList, binList } from './lists';
import { bankOfCard } from './lookup';
import { actorMarkets } from './scope';

/** Routes of /system/bank (docs/bank.md): banks, BINs, the BIN import and the card-number lookup. */

const fileIssue = (id: string) => new AppError(CODE.VALIDATION, id, {}, 200, [{ path: 'file', id, values: {} }]);

/** The import's multipart body: `market` then `file` (the upload is capped by the multipart plugin). */
async function readUpload(req: FastifyRequest): Promise<{ market: string; buf: Buffer }> {
  if (!req.isMultipart()) throw fileIssue('error.uploadNoFile');
  const part = await req.file();
  if (!part) throw fileIssue('error.uploadNoFile');
  const buf = await part.toBuffer().catch(() => null);
  if (!buf || part.file.truncated) throw fileIssue('blacklist.file.tooLarge');
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(part.fields)) {
    const value = (v as { value?: unknown } | undefined)?.value;
    if (typeof value === 'string' && value !== '') raw[k] = value;
  }
  const fields = binImportFields.safeParse(raw);
  if (!fields.success) throw new AppError(CODE.VALIDATION, 'validation.invalid', {}, 200, [{ path: 'market', id: 'validation.invalid', values: {} }]);
  return { market: fields.data.market, buf };
}

export function bankRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): BankCtx => ({ deps, req, actor: req.actor! });
  const node = (verb: string) => actionKey('system', 'bank', verb);
  const page = pageKey('system', 'bank');

  listRoute(app, deps, bankList, { url: BANK_API.list });
  route(app, { method: 'POST', url: BANK_API.add, permission: node('add'), body: bankAddBody }, ({ req, body }) => addBank(ctx(req), body));
  route(app, { method: 'POST', url: BANK_API.edit, permission: node('edit'), body: bankEditBody }, ({ req, body }) => editBank(ctx(req), body));
  route(app, { method: 'POST', url: BANK_API.enable, permission: node('enable'), body: bankIdsBody }, ({ req, body }) => setBanksEnabled(ctx(req), body.ids, true));
  route(app, { method: 'POST', url: BANK_API.disable, permission: node('disable'), body: bankIdsBody }, ({ req, body }) => setBanksEnabled(ctx(req), body.ids, false));

  listRoute(app, deps, binList, { url: BANK_API.binList });
  route(app, { method: 'POST', url: BANK_API.binAdd, permission: node('binAdd'), body: binAddBody }, ({ req, body }) => addBin(ctx(req), body));
  route(app, { method: 'POST', url: BANK_API.binEdit, permission: node('binEdit'), body: binEditBody }, ({ req, body }) => editBin(ctx(req), body));
  route(app, { method: 'POST', url: BANK_API.binDel, permission: node('binDel'), body: binIdBody }, ({ req, body }) => removeBin(ctx(req), body.id));
  route(app, { method: 'POST', url: BANK_API.binImport, permission: node('import') }, async ({ req }) => {
    const { market, buf } = await readUpload(req);
    return importBins(ctx(req), market, buf);
  });

  route(app, { method: 'GET', url: BANK_API.lookup, permission: page, query: lookupQuery }, async ({ req, query }) => {
    const markets = await actorMarkets(deps.db, req.actor!);
    if (query.market && markets !== null && !markets.includes(query.market)) return null;
    const found = await bankOfCard(deps.db, query.card_number, query.market);
    return found && (markets === null || markets.includes(found.market)) ? found : null;
  });
  route(app, { method: 'GET', url: BANK_API.options, permission: page }, async ({ req }) => bankOptions(deps.db, await actorMarkets(deps.db, req.actor!)));
}
