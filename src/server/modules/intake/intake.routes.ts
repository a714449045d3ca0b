import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { appRoutes } from './app.routes';
import { appKeyRoutes } from './appkey.routes';
import { ruleRoutes } from './rules.routes';

/**
 * API routes of the intake area: the borrower app's signed API (/loanapi/app/*), the merchants' app keys
 * (/loanapi/merchant_app/*) and the loan rules (/loanapi/loan_rule_config/*, /loanapi/loan_restriction_rule/*).
 * The jobs (withdrawal expiry, nonce sweep) are INTAKE_JOBS in expiry.ts, run by src/server/jobs.
 */
export function intakeRoutes(app: FastifyInstance, deps: Deps): void {
  appKeyRoutes(app, deps);
  ruleRoutes(app, deps);
  appRoutes(app, deps);
}

export { expireWithdrawals, INTAKE_JOBS } from './expiry';
export { seedIntakeApps } from './seedApps';
