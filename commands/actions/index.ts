import type { AreaActions } from './types';
import { intakeActions, intakeRoleGrants } from './intake.actions';
import { paymentActions, paymentRoleGrants } from './payment.actions';
import { reviewActions, reviewRoleGrants } from './review.actions';
import { scoringActions, scoringRoleGrants } from './scoring.actions';
import { withdrawalActions, withdrawalRoleGrants } from './withdrawal.actions';
import { repaymentActions, repaymentRoleGrants } from './repayment.actions';
import { repaymentCardActions, repaymentCardRoleGrants } from './repaymentCard.actions';
import { extensionActions, extensionRoleGrants } from './extension.actions';
import { debtActions, debtRoleGrants } from './debt.actions';
import { clientActions, clientRoleGrants } from './client.actions';
import { collectionActions, collectionRoleGrants } from './collection.actions';
import { collectionWorkbenchActions, collectionWorkbenchRoleGrants } from './collectionWorkbench.actions';
import { collectionSetupActions, collectionSetupRoleGrants } from './collectionSetup.actions';
import { blacklistActions, blacklistRoleGrants } from './blacklist.actions';
import { configActions, configRoleGrants } from './config.actions';
import { poolActions, poolRoleGrants } from './pool.actions';
import { marketingActions, marketingRoleGrants } from './marketing.actions';
import { channelActions, channelRoleGrants } from './channel.actions';
import { smsActions, smsRoleGrants } from './sms.actions';
import { merchantMoneyActions, merchantMoneyRoleGrants } from './merchantMoney.actions';
import { shortLinkActions, shortLinkRoleGrants } from './shortLink.actions';
import { messagePushActions, messagePushRoleGrants } from './messagePush.actions';
import { contentActions, contentRoleGrants } from './content.actions';
import { bankActions, bankRoleGrants } from './bank.actions';
import { coDebtActions, coDebtRoleGrants } from './coDebt.actions';
import { customerSessionActions, customerSessionRoleGrants } from './customerSession.actions';
import { templateActions, templateRoleGrants } from './template.actions';
import { forumActions, forumRoleGrants } from './forum.actions';
import { devtoolActions, devtoolRoleGrants } from './devtool.actions';

/**
 * Action nodes declared by area files (several areas add actions to pages of one group, e.g. the merchant
 * group's rule pages), merged into the permission tree by commands/permissions.ts.
 */
export const AREA_ACTIONS: AreaActions[] = [reviewActions, scoringActions, intakeActions, paymentActions, withdrawalActions,
  repaymentActions, repaymentCardActions, extensionActions, debtActions, clientActions,
  collectionActions, collectionWorkbenchActions, collectionSetupActions, blacklistActions, configActions, poolActions, marketingActions, channelActions, merchantMoneyActions, shortLinkActions, smsActions, messagePushActions, contentActions, customerSessionActions, devtoolActions, templateActions, forumActions, bankActions, coDebtActions];

/** Extra nodes for role templates by identifier, from every area file (merged by commands/roles.ts). */
export const AREA_ROLE_GRANTS: Record<string, string[]>[] = [reviewRoleGrants, scoringRoleGrants, intakeRoleGrants, paymentRoleGrants, withdrawalRoleGrants,
  repaymentRoleGrants, repaymentCardRoleGrants, extensionRoleGrants, debtRoleGrants, clientRoleGrants,
  collectionRoleGrants, collectionWorkbenchRoleGrants, collectionSetupRoleGrants, blacklistRoleGrants, configRoleGrants, poolRoleGrants, marketingRoleGrants, channelRoleGrants, merchantMoneyRoleGrants, shortLinkRoleGrants, smsRoleGrants, messagePushRoleGrants, contentRoleGrants, customerSessionRoleGrants, devtoolRoleGrants, templateRoleGrants, forumRoleGrants, bankRoleGrants, coDebtRoleGrants];
