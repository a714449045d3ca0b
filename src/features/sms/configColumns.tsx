import type { IntlShape } from 'react-intl';
import type { SmsAlertRow, SmsConfigRow, SmsMessageRow } from '../../schemas/sms';
import type { GridColumnDef } from '../../ui/DataGrid';

/** Grid columns of the SMS configuration screens (keys and titles as the server's list declares them). */
export function configColumns(intl: IntlShape, withMerchant: boolean): GridColumnDef<SmsConfigRow>[] {
  const w = (id: string) => intl.formatMessage({ id });
  return [
    { key: 'name', title: 'sms.field.name', width: 160 },
    ...(withMerchant ? [{ key: 'merchant_name', title: 'field.merchant_id', width: 150 } as GridColumnDef<SmsConfigRow>] : []),
    { key: 'purpose', title: 'sms.field.purpose', kind: 'tag', width: 110, format: (r) => w(`option.purpose.${r.purpose}`) },
    { key: 'provider', title: 'sms.field.provider', kind: 'tag', width: 140, format: (r) => w(`option.provider.${r.provider}`) },
    { key: 'enabled', title: 'sms.field.enabled', kind: 'tag', width: 100, format: (r) => w(r.enabled ? 'field.enabled' : 'field.disabled'), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'probability', title: 'sms.field.probability', kind: 'number', width: 100 },
    { key: 'sort_order', title: 'sms.field.sort_order', kind: 'number', width: 90 },
    { key: 'balance', title: 'sms.field.balance', kind: 'number', width: 110 },
    { key: 'alarm', title: 'sms.field.alarm', kind: 'tag', width: 110, format: (r) => (r.alarm ? w('sms.tab.alerts') : '—'), tagColor: (r) => (r.alarm ? '#e03131' : undefined) },
    { key: 'min_balance', title: 'sms.field.min_balance', kind: 'number', width: 110 },
    { key: 'alarm_threshold', title: 'sms.field.alarm_threshold', kind: 'number', width: 110 },
    { key: 'rate_per_second', title: 'sms.field.rate_per_second', kind: 'number', width: 110 },
    { key: 'number_prefix', title: 'sms.field.number_prefix', width: 100 },
    { key: 'text', title: 'sms.field.text', width: 120 },
    { key: 'secret_hint', title: 'sms.field.secret', width: 90, format: (r) => (r.secret_hint ? `••••${r.secret_hint}` : '—') },
    { key: 'sent', title: 'sms.field.sent', kind: 'number', width: 100 },
    { key: 'updated_at', title: 'field.updated_at', kind: 'datetime' },
  ];
}

export function messageColumns(intl: IntlShape): GridColumnDef<SmsMessageRow>[] {
  const w = (id: string) => intl.formatMessage({ id });
  const color: Record<string, string> = { queued: '#868e96', sent: '#1c7ed6', delivered: '#2f9e44', failed: '#e03131' };
  return [
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'phone', title: 'field.phone', width: 140 },
    { key: 'status', title: 'sms.field.status', kind: 'tag', width: 100, format: (r) => w(`sms.msgStatus.${r.status}`), tagColor: (r) => color[r.status] },
    { key: 'content', title: 'sms.field.content', width: 320 },
    { key: 'purpose', title: 'sms.field.purpose', kind: 'tag', width: 110, format: (r) => w(`option.purpose.${r.purpose}`) },
    { key: 'config_name', title: 'sms.field.config', width: 150 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
    { key: 'delivered_at', title: 'sms.field.delivered_at', kind: 'datetime' },
    { key: 'error', title: 'sms.field.error', width: 200 },
  ];
}

export function alertColumns(): GridColumnDef<SmsAlertRow>[] {
  return [
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'config_name', title: 'sms.field.config', width: 180 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'balance', title: 'sms.field.balance', kind: 'number', width: 120 },
    { key: 'threshold', title: 'sms.field.alarm_threshold', kind: 'number', width: 120 },
  ];
}
