import type { FastifyInstance } from 'fastify';
import { CLAIM_API, claimBody } from '../../../schemas/customer';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { CLAIM_NODES, claimCustomer, claimList, releaseCustomer } from './claim';

/**
 * API routes of /client/clientUserCollection: customer claims (src/server/modules/client/claim.ts). The list is the
 * page's; claim and release each enforce their action node, are scoped to the account's merchants and logged.
 */
export function clientClaimRoutes(app: FastifyInstance, deps: Deps): void {
  listRoute(app, deps, claimList, { url: CLAIM_API.list });

  route(app, { method: 'POST', url: CLAIM_API.claim, permission: CLAIM_NODES.claim, body: claimBody, okMessage: 'client.claim.claimed' },
    ({ req, body }) => claimCustomer({ deps, req, actor: req.actor! }, body.id));

  route(app, { method: 'POST', url: CLAIM_API.release, permission: CLAIM_NODES.release, body: claimBody, okMessage: 'client.claim.released' },
    ({ req, body }) => releaseCustomer({ deps, req, actor: req.actor! }, body.id));
}
