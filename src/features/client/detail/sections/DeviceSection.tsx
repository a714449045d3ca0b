import { Stack, Text } from '@mantine/core';
import type { AppView, DeviceView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Dash, LoadMore, Ltr, MiniTable, Time, useWord } from '../parts';
import { usePagedRecords } from './usePagedRecords';

/** Device info (brand … GPS, one row per capture) and the installed apps (capped, paged). */
export function DeviceSection() {
  const { detail } = useDetail();
  const word = useWord();
  const apps = usePagedRecords<AppView>(detail.customer.id, 'apps', detail.apps);
  return (
    <Stack gap="xs">
      <MiniTable<DeviceView>
        label="customer.section.device"
        rows={detail.devices}
        columns={[
          { key: 'captured_at', title: 'customer.field.time', render: (r) => <Time value={r.captured_at} /> },
          { key: 'device_id', title: 'customer.field.device_id', render: (r) => <Copy text={r.device_id} /> },
          { key: 'brand', title: 'customer.field.brand_model', render: (r) => `${r.brand} ${r.model}`.trim() || <Dash /> },
          { key: 'os', title: 'customer.field.os', render: (r) => <Ltr>{`${r.os} ${r.os_version}`.trim()}</Ltr> },
          { key: 'app_version', title: 'customer.field.app_version', render: (r) => <Ltr>{r.app_version}</Ltr> },
          { key: 'browser', title: 'customer.field.browser' },
          { key: 'ip', title: 'customer.field.ip', render: (r) => <Copy text={r.ip} /> },
          { key: 'mac', title: 'customer.field.mac', render: (r) => <Ltr>{r.mac}</Ltr> },
          { key: 'ssid', title: 'customer.field.ssid' },
          { key: 'resolution', title: 'customer.field.resolution', render: (r) => <Ltr>{r.resolution}</Ltr> },
          { key: 'gps', title: 'customer.field.gps', render: (r) => (r.gps_lat === null || r.gps_lng === null ? <Dash /> : <Ltr>{r.gps_lat.toFixed(5)}, {r.gps_lng.toFixed(5)}</Ltr>) },
        ]}
      />
      <Text size="xs" fw={600}>{word('customer.field.apps')}</Text>
      <MiniTable<AppView>
        label="customer.field.apps"
        rows={apps.rows}
        columns={[
          { key: 'app_name', title: 'customer.field.app_name' },
          { key: 'package_name', title: 'customer.field.package_name', render: (r) => <Ltr>{r.package_name}</Ltr> },
          { key: 'version', title: 'customer.field.version', render: (r) => <Ltr>{r.version}</Ltr> },
          { key: 'installed_at', title: 'customer.field.installed_at', render: (r) => <Time value={r.installed_at} /> },
        ]}
      />
      <LoadMore shown={apps.rows.length} total={apps.total} capped={apps.capped} loading={apps.loading} onMore={apps.more} />
    </Stack>
  );
}
