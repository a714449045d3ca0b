import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  merchantSmsConfigAddBody, SMS_API, smsConfigAddBody, smsConfigEditBody, smsConfigTestBody, smsTaskAddBody, smsTemplateBody,
} from '../src/schemas/sms';

/**
 * Screens and actions of the SMS area (docs/sms.md): /system systemSmsConfig — the platform's gateway configurations
 * (add N, edit E, test message T); /merchant smsConfig — a merchant's own, with their messages, balance alarms and
 * templates (M edits the merchant's wording); /merchant smsSendTask — SMS tasks: add N (a whitelist group, the
 * customers, or a file), start S, pause P, resume R (spec §4) with live progress. The screens supply their own dialogs
 * (useCommandUi); the generated forms are the palette's fallback.
 */
export const SYSTEM_SMS_SCREEN = 'system.systemSmsConfig';
export const SMS_CONFIG_SCREEN = 'merchant.smsConfig';
export const SMS_TASK_SCREEN = 'merchant.smsSendTask';

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', id: 'sms.field.id', name: 'sms.field.name', provider: 'sms.field.provider', purpose: 'sms.field.purpose',
  enabled: 'sms.field.enabled', probability: 'sms.field.probability', sort_order: 'sms.field.sort_order', balance: 'sms.field.balance',
  min_balance: 'sms.field.min_balance', alarm_threshold: 'sms.field.alarm_threshold', rate_per_second: 'sms.field.rate_per_second',
  params: 'sms.field.params', secret: 'sms.field.secret', number_prefix: 'sms.field.number_prefix', text: 'sms.field.text',
  phone: 'field.phone', content: 'sms.field.content', kind: 'sms.field.kind', type: 'sms.field.type', dup_code: 'sms.field.dup_code',
  link_url: 'sms.field.link_url', start: 'sms.field.start', source: 'sms.field.source', group_id: 'sms.field.group',
  customer_filter: 'sms.field.customer_filter',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(group: 'system' | 'merchant', screen: string, page: string, name: string, verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${screen}.${name}`, kind: 'action', area: group, title: `action.${screen}.${name}`,
    permission: actionKey(group, page, verb), screen, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const smsCommands: CommandDef[] = [
  pageScreen('system', 'systemSmsConfig', {
    order: 8, api: get(SMS_API.systemConfigList),
    keywords: ['sms', 'sms gateway', 'sms provider', 'text message', 'platform sms', 'balance', 'sandbox'],
  }),
  action('system', SYSTEM_SMS_SCREEN, 'systemSmsConfig', 'add', 'add', { scope: 'screen', api: post(SMS_API.systemConfigAdd), params: smsConfigAddBody, hotkey: 'n', keywords: ['new gateway'] }),
  action('system', SYSTEM_SMS_SCREEN, 'systemSmsConfig', 'edit', 'edit', { api: post(SMS_API.systemConfigEdit), params: smsConfigEditBody.omit({ id: true }), hotkey: 'e', keywords: ['top up', 'change gateway'] }),
  action('system', SYSTEM_SMS_SCREEN, 'systemSmsConfig', 'test', 'test', { api: post(SMS_API.systemConfigTest), params: smsConfigTestBody.omit({ id: true }), hotkey: 't', keywords: ['test sms', 'try'] }),

  pageScreen('merchant', 'smsConfig', {
    order: 25, api: get(SMS_API.configList),
    keywords: ['sms', 'sms configuration', 'sms gateway', 'templates', 'reminder text', 'delivery', 'balance alarm'],
  }),
  action('merchant', SMS_CONFIG_SCREEN, 'smsConfig', 'add', 'add', { scope: 'screen', api: post(SMS_API.configAdd), params: merchantSmsConfigAddBody, hotkey: 'n', keywords: ['new gateway'] }),
  action('merchant', SMS_CONFIG_SCREEN, 'smsConfig', 'edit', 'edit', { api: post(SMS_API.configEdit), params: smsConfigEditBody.omit({ id: true }), hotkey: 'e', keywords: ['top up', 'change gateway'] }),
  action('merchant', SMS_CONFIG_SCREEN, 'smsConfig', 'test', 'test', { api: post(SMS_API.configTest), params: smsConfigTestBody.omit({ id: true }), hotkey: 't', keywords: ['test sms', 'try'] }),
  action('merchant', SMS_CONFIG_SCREEN, 'smsConfig', 'template', 'template', { scope: 'screen', api: post(SMS_API.templateSave), params: smsTemplateBody, hotkey: 'm', keywords: ['template', 'reminder text', 'wording'] }),

  pageScreen('merchant', 'smsSendTask', {
    order: 12, api: get(SMS_API.taskList),
    keywords: ['sms task', 'bulk sms', 'mass sms', 'campaign', 'send sms', 'start', 'pause', 'resume'],
  }),
  action('merchant', SMS_TASK_SCREEN, 'smsSendTask', 'add', 'add', { scope: 'screen', api: post(SMS_API.taskAdd), params: smsTaskAddBody, hotkey: 'n', keywords: ['new task', 'campaign', 'upload numbers'] }),
  action('merchant', SMS_TASK_SCREEN, 'smsSendTask', 'start', 'start', { api: post(SMS_API.taskStart), hotkey: 's', keywords: ['send now', 'begin'] }),
  action('merchant', SMS_TASK_SCREEN, 'smsSendTask', 'pause', 'pause', { api: post(SMS_API.taskPause), hotkey: 'p', keywords: ['stop', 'hold'] }),
  action('merchant', SMS_TASK_SCREEN, 'smsSendTask', 'resume', 'resume', { api: post(SMS_API.taskResume), hotkey: 'r', keywords: ['continue', 'go on'] }),
];
