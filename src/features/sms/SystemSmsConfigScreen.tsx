import { Stack, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SMS_API, SMS_PROVIDERS, SMS_PURPOSES, smsConfigListQuery, type SmsAlertRow, type SmsConfigRow } from '../../schemas/sms';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { alertColumns, configColumns } from './configColumns';

const SCREEN = 'system.systemSmsConfig';
const filtersSchema = smsConfigListQuery.omit({ merchant_id: true });

/**
 * /system systemSmsConfig: the platform's SMS gateways (used by merchants with none of their own for the purpose):
 * usage status, send probability, usage order, purpose, balance with its minimum and alarm threshold, parameters,
 * number prefix and text. N adds, E edits the selected one, T sends a test message; alarms on their tab.
 */
export default function SystemSmsConfigScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(filtersSchema);
  const columns = useMemo(() => configColumns(intl, false), [intl]);
  const alerts = useMemo(() => alertColumns(), []);
  return (
    <Stack gap="sm" data-testid="system-sms-config-screen">
      <Text size="sm" c="dimmed">{w('sms.intro.system')}</Text>
      <Tabs defaultValue="configs" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="configs">{w('sms.tab.configs')}</Tabs.Tab>
          <Tabs.Tab value="alerts">{w('sms.tab.alerts')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configs" pt="xs">
          <Stack gap="xs">
            <FilterBar schema={filtersSchema} value={filters} onApply={setFilters}
              titles={{ purpose: 'sms.field.purpose', provider: 'sms.field.provider', enabled: 'sms.field.enabled' }}
              choices={{
                purpose: SMS_PURPOSES.map((p) => ({ value: p, label: w(`option.purpose.${p}`) })),
                provider: SMS_PROVIDERS.map((p) => ({ value: p, label: w(`option.provider.${p}`) })),
              }} />
            <DataGrid<SmsConfigRow> screenId={SCREEN} url={SMS_API.systemConfigList} columns={columns} filters={filters} defaultSort="id:asc" exportable />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="alerts" pt="xs">
          <DataGrid<SmsAlertRow> screenId={`${SCREEN}.alerts`} url={SMS_API.alertList} columns={alerts} defaultSort="created_at:desc" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
