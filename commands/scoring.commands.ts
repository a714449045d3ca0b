import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { ruleAddBody, ruleCloneBody, ruleCloneSetBody, ruleEditBody, thresholdBody, type RuleKind } from '../src/schemas/scoring';

/**
 * Screens and actions of the scoring area: the two rule screens of the merchant group (docs/scoring.md).
 * /merchant/autoAuditRule holds the machine-review decision rules, /merchant/orderScoringRule the scorecard and its
 * pass score; both have the same actions on their own permission nodes and routes.
 */
const SCREENS = {
  audit: { page: 'autoAuditRule', base: '/loanapi/auto_audit_rule', order: 17, keywords: ['auto audit', 'machine review', 'risk rules', 'decision rules'] },
  score: { page: 'orderScoringRule', base: '/loanapi/order_scoring_rule', order: 22, keywords: ['scorecard', 'order scoring', 'score', 'weight', 'threshold'] },
} as const satisfies Record<RuleKind, { page: string; base: string; order: number; keywords: string[] }>;

function ruleCommands(kind: RuleKind): CommandDef[] {
  const { page, base, order, keywords } = SCREENS[kind];
  const screen = `merchant.${page}`;
  const action = (verb: string, node: string, def: Partial<CommandDef> & Pick<CommandDef, 'api' | 'scope'>): CommandDef => ({
    id: `${screen}.${verb}`, kind: 'action', area: 'merchant', title: `action.merchant.${page}.${verb}`,
    permission: actionKey('merchant', page, node), screen, ...def,
  });
  return [
    pageScreen('merchant', page, { order, keywords, api: { method: 'GET', path: `${base}/list` } }),
    action('add', 'add', { scope: 'screen', params: ruleAddBody, hotkey: 'n', api: { method: 'POST', path: `${base}/add` } }),
    action('edit', 'edit', { scope: 'single', params: ruleEditBody, hotkey: 'e', api: { method: 'POST', path: `${base}/edit` } }),
    action('enable', 'toggle', { scope: 'bulk', hotkey: 'shift+e', keywords: ['enable', 'turn on'], api: { method: 'POST', path: `${base}/enable` } }),
    action('disable', 'toggle', { scope: 'bulk', hotkey: 'shift+x', keywords: ['disable', 'turn off'], api: { method: 'POST', path: `${base}/disable` } }),
    action('clone', 'clone', {
      scope: 'bulk', params: ruleCloneBody.omit({ ids: true }), hotkey: 'c', keywords: ['copy', 'merchants'],
      paramTitles: { merchant_ids: 'scoring.field.target_merchants' }, api: { method: 'POST', path: `${base}/clone` },
    }),
    action('cloneSet', 'clone', {
      scope: 'screen', params: ruleCloneSetBody, keywords: ['copy', 'rule set', 'merchants'],
      paramTitles: { from_merchant_id: 'field.from_merchant_id', merchant_ids: 'scoring.field.target_merchants' },
      api: { method: 'POST', path: `${base}/clone_set` },
    }),
    action('del', 'del', { scope: 'bulk', danger: true, hotkey: 'shift+d', api: { method: 'POST', path: `${base}/del` } }),
    ...(kind === 'score'
      ? [action('threshold', 'threshold', {
        scope: 'screen', params: thresholdBody, hotkey: 't', keywords: ['pass score', 'threshold', 'cut-off'],
        paramTitles: { merchant_id: 'field.merchant_id', pass_score: 'field.pass_score' },
        api: { method: 'POST', path: `${base}/threshold` },
      })]
      : []),
  ];
}

export const scoringCommands: CommandDef[] = [...ruleCommands('audit'), ...ruleCommands('score')];
