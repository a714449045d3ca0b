import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { appKeyAddBody, restrictionAddBody, restrictionEditBody, ruleConfigAddBody, ruleConfigEditBody } from '../src/schemas/intake';

/**
 * Screens and actions of the intake area, in the merchant group: the borrower app's credentials
 * (/merchant/account) and the loan rules the intake API applies (/merchant/loanRuleConfig,
 * /merchant/loanRestrictionRule). The signed app API itself is not a command (docs/intake.md).
 */
const action = (page: string, verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef => ({
  id: `merchant.${page}.${verb}`, kind: 'action', area: 'merchant', title: `action.merchant.${page}.${verb}`,
  permission: actionKey('merchant', page, verb), screen: `merchant.${page}`, scope: 'single', ...def,
});

const LIMIT_TITLES = {
  max_active_loans: 'intake.field.max_active_loans', reject_cooldown_days: 'intake.field.reject_cooldown_days',
  max_daily_apply_phone: 'intake.field.max_daily_apply_phone', max_daily_apply_device: 'intake.field.max_daily_apply_device',
  max_daily_apply_id: 'intake.field.max_daily_apply_id', min_age: 'intake.field.min_age', max_age: 'intake.field.max_age',
  max_daily_withdrawals: 'intake.field.max_daily_withdrawals',
};
const RULE_TITLES = { target: 'intake.field.target', pattern: 'intake.field.pattern', applies_to: 'intake.field.applies_to' };

export const intakeCommands: CommandDef[] = [
  pageScreen('merchant', 'account', {
    order: 6, keywords: ['app key', 'secret', 'signature', 'credentials', 'api'], api: { method: 'GET', path: '/loanapi/merchant_app/list' },
  }),
  pageScreen('merchant', 'loanRuleConfig', {
    order: 19, keywords: ['limits', 'age', 'cooldown', 'daily', 'restriction'], api: { method: 'GET', path: '/loanapi/loan_rule_config/list' },
  }),
  pageScreen('merchant', 'loanRestrictionRule', {
    order: 24, keywords: ['blacklist', 'pattern', 'id number', 'withdrawal'], api: { method: 'GET', path: '/loanapi/loan_restriction_rule/list' },
  }),

  action('account', 'add', {
    scope: 'screen', hotkey: 'n', api: { method: 'POST', path: '/loanapi/merchant_app/add' }, params: appKeyAddBody,
    paramTitles: { platform: 'intake.field.platform' },
  }),
  action('account', 'rotate', { api: { method: 'POST', path: '/loanapi/merchant_app/rotate' }, danger: true, hotkey: 'shift+r' }),
  action('account', 'disable', { api: { method: 'POST', path: '/loanapi/merchant_app/disable' }, danger: true, hotkey: 'shift+d' }),

  action('loanRuleConfig', 'add', {
    scope: 'screen', hotkey: 'n', api: { method: 'POST', path: '/loanapi/loan_rule_config/add' }, params: ruleConfigAddBody, paramTitles: LIMIT_TITLES,
  }),
  action('loanRuleConfig', 'edit', {
    hotkey: 'e', api: { method: 'POST', path: '/loanapi/loan_rule_config/edit' }, params: ruleConfigEditBody.omit({ id: true }), paramTitles: LIMIT_TITLES,
  }),
  action('loanRuleConfig', 'del', { api: { method: 'POST', path: '/loanapi/loan_rule_config/del' }, danger: true }),

  action('loanRestrictionRule', 'add', {
    scope: 'screen', hotkey: 'n', api: { method: 'POST', path: '/loanapi/loan_restriction_rule/add' }, params: restrictionAddBody, paramTitles: RULE_TITLES,
  }),
  action('loanRestrictionRule', 'edit', {
    hotkey: 'e', api: { method: 'POST', path: '/loanapi/loan_restriction_rule/edit' }, params: restrictionEditBody.omit({ id: true }), paramTitles: RULE_TITLES,
  }),
  action('loanRestrictionRule', 'del', { api: { method: 'POST', path: '/loanapi/loan_restriction_rule/del' }, danger: true }),
];
