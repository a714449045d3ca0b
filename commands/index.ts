import type { CommandDef } from './command.types';
import { can } from './permissions';
import { authCommands } from './auth.commands';
import { empowerCommands } from './empower.commands';
import { logCommands } from './log.commands';
import { systemCommands } from './system.commands';
import { customerCommands } from './customer.commands';
import { clientCommands } from './client.commands';
import { reviewCommands } from './review.commands';
import { scoringCommands } from './scoring.commands';
import { intakeCommands } from './intake.commands';
import { paymentCommands } from './payment.commands';
import { withdrawalCommands } from './withdrawal.commands';
import { repaymentCommands } from './repayment.commands';
import { repaymentCardCommands } from './repaymentCard.commands';
import { extensionCommands } from './extension.commands';
import { debtCommands } from './debt.commands';
import { collectionCommands } from './collection.commands';
import { collectionWorkbenchCommands } from './collectionWorkbench.commands';
import { collectionSetupCommands } from './collectionSetup.commands';
import { statisticsCommands } from './statistics.commands';
import { blacklistCommands } from './blacklist.commands';
import { configCommands } from './config.commands';
import { poolCommands } from './pool.commands';
import { marketingCommands } from './marketing.commands';
import { channelCommands } from './channel.commands';
import { smsCommands } from './sms.commands';
import { merchantMoneyCommands } from './merchantMoney.commands';
import { shortLinkCommands } from './shortLink.commands';
import { messagePushCommands } from './messagePush.commands';
import { contentCommands } from './content.commands';
import { bankCommands } from './bank.commands';
import { coDebtCommands } from './coDebt.commands';
import { templateCommands } from './template.commands';
import { forumCommands } from './forum.commands';
import { customerSessionCommands } from './customerSession.commands';
import { devtoolCommands } from './devtool.commands';
import { statementCommands } from './statement.commands';

export * from './command.types';

/** THE registry: every screen and action of the product. Order: as the sidebar shows the groups. */
export const COMMANDS: readonly CommandDef[] = [
  ...authCommands,
  ...clientCommands,
  ...customerCommands,
  ...blacklistCommands,
  ...configCommands,
  ...poolCommands,
  ...marketingCommands,
  ...reviewCommands,
  ...withdrawalCommands,
  ...collectionWorkbenchCommands,
  ...collectionCommands,
  ...extensionCommands,
  ...repaymentCommands,
  ...repaymentCardCommands,
  ...paymentCommands,
  ...debtCommands,
  ...collectionSetupCommands,
  ...scoringCommands,
  ...intakeCommands,
  ...channelCommands,
  ...merchantMoneyCommands,
  ...smsCommands,
  ...empowerCommands,
  ...systemCommands,
  ...shortLinkCommands,
  ...messagePushCommands,
  ...contentCommands,
  ...bankCommands,
  ...coDebtCommands,
  ...templateCommands,
  ...forumCommands,
  ...logCommands,
  ...customerSessionCommands,
  ...statisticsCommands,
  ...devtoolCommands,
  ...statementCommands,
];

export const byId: ReadonlyMap<string, CommandDef> = new Map(COMMANDS.map((c) => [c.id, c]));

export const screens = (): CommandDef[] => COMMANDS.filter((c) => c.kind === 'screen');

/** What a session holding `nodes` may see and run. */
export function visibleFor(nodes: readonly string[]): CommandDef[] {
  const held = new Set(nodes);
  return COMMANDS.filter((c) => can(held, c.permission));
}

/** Actions offered on a screen (scope screen, single or bulk) for the session. */
export function actionsOf(screenId: string, nodes: readonly string[]): CommandDef[] {
  return visibleFor(nodes).filter((c) => c.kind === 'action' && c.screen === screenId);
}

/** The screen command matching a path (exact route match; detail routes ignore the query). */
export function screenByPath(path: string): CommandDef | undefined {
  const p = path.split('?')[0].replace(/\/+$/, '') || '/';
  return COMMANDS.find((c) => c.kind === 'screen' && c.route === p);
}
