import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ZodType } from 'zod';
import { api } from '../../app/api/request';
import {
  APP_PLATFORMS, bannerListQuery, CONTENT_API, CONTENT_LANGS, HELP_CATEGORIES, helpListQuery, MESSAGE_AUDIENCES, messageListQuery,
  versionListQuery, type BannerRow, type HelpRow, type MessageRow, type VersionRow,
} from '../../schemas/content';
import type { MerchantOption } from '../../schemas/merchant';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';

/** The four screens of the content area (docs/content.md); forms are the commands' generated forms (N, E, Delete). */

const TITLES = {
  merchant_id: 'field.merchant_id', enabled: 'content.field.enabled', title: 'content.field.title', platform: 'content.field.platform',
  lang: 'content.field.lang', category: 'content.field.category', published: 'content.field.published', audience: 'content.field.audience',
  customer_id: 'field.customer_id',
};
const opt = (intl: IntlShape, field: string, v: string | null) => (v ? intl.formatMessage({ id: `option.${field}.${v}` }) : '');
const yes = (intl: IntlShape, v: boolean) => intl.formatMessage({ id: v ? 'content.yes' : 'content.no' });

function useChoices(intl: IntlShape) {
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []);
  return useMemo(() => {
    const of = (field: string, values: readonly string[]) => values.map((v) => ({ value: v, label: opt(intl, field, v) }));
    const yn = [{ value: 'true', label: yes(intl, true) }, { value: 'false', label: yes(intl, false) }];
    return {
      merchant_id: (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      platform: of('platform', APP_PLATFORMS), lang: of('lang', CONTENT_LANGS), category: of('category', HELP_CATEGORIES),
      audience: of('audience', MESSAGE_AUDIENCES), enabled: yn, published: yn,
    };
  }, [intl, merchants.data]);
}

interface ListProps<R extends object> {
  screen: string; url: string; schema: ZodType; columns: (intl: IntlShape) => GridColumnDef<R>[]; intro: string; defaultSort: string; testId: string;
  extra?: React.ReactNode;
}

function ListScreen<R extends object>({ screen, url, schema, columns, intro, defaultSort, testId, extra }: ListProps<R>) {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(schema);
  const choices = useChoices(intl);
  const cols = useMemo(() => columns(intl), [columns, intl]);
  return (
    <Stack gap="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: intro })}</Text>
      {extra}
      <FilterBar schema={schema} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <DataGrid<R> screenId={screen} url={url} columns={cols} filters={filters} defaultSort={defaultSort} exportable />
    </Stack>
  );
}

/** Uploads a banner image through the shared upload route and shows the path to paste into the banner form. */
function ImageUpload() {
  const intl = useIntl();
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const r = await api.post<{ file_url: string }>('/loanapi/upload/auto_image', form);
      setPath(r.file_url.split('?')[0]);
    } finally { setBusy(false); }
  };
  return (
    <Group gap="xs" align="end">
      <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg">
        {(props) => <Button {...props} variant="light" loading={busy} data-testid="banner-upload">{intl.formatMessage({ id: 'content.banner.upload' })}</Button>}
      </FileButton>
      {path && <TextInput readOnly value={path} label={intl.formatMessage({ id: 'content.banner.uploaded' })} w={420} onFocus={(e) => e.currentTarget.select()} />}
    </Group>
  );
}

const when = (intl: IntlShape, s: string | null) => (s ? intl.formatDate(s, { dateStyle: 'short', timeStyle: 'short' }) : '—');

const bannerColumns = (intl: IntlShape): GridColumnDef<BannerRow>[] => [
  { key: 'title', title: 'content.field.title', width: 240 },
  { key: 'active', title: 'content.field.active', kind: 'tag', width: 100, format: (r) => yes(intl, r.active), tagColor: (r) => (r.active ? '#2f9e44' : '#868e96') },
  { key: 'sort', title: 'content.field.sort', kind: 'number', width: 80, sortable: true },
  { key: 'schedule', title: 'content.field.schedule', width: 260, format: (r) => `${when(intl, r.starts_at)} → ${when(intl, r.ends_at)}` },
  { key: 'enabled', title: 'content.field.enabled', kind: 'tag', width: 90, format: (r) => yes(intl, r.enabled) },
  { key: 'link_url', title: 'content.field.link_url', width: 260 },
  { key: 'image', title: 'content.field.image', width: 260 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'updated_at', title: 'content.field.updated_at', kind: 'datetime', sortable: true },
];
const versionColumns = (intl: IntlShape): GridColumnDef<VersionRow>[] => [
  { key: 'platform', title: 'content.field.platform', kind: 'tag', width: 100, format: (r) => opt(intl, 'platform', r.platform) },
  { key: 'version_code', title: 'content.field.version_code', kind: 'number', width: 110, sortable: true },
  { key: 'version_name', title: 'content.field.version_name', width: 120 },
  { key: 'force', title: 'content.field.force', kind: 'tag', width: 110, format: (r) => yes(intl, r.force), tagColor: (r) => (r.force ? '#e03131' : undefined) },
  { key: 'download_url', title: 'content.field.download_url', width: 300 },
  { key: 'notes', title: 'content.field.notes', width: 260, format: (r) => r.notes[intl.locale as keyof typeof r.notes] ?? r.notes.en ?? Object.values(r.notes)[0] ?? '' },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
];
const helpColumns = (intl: IntlShape): GridColumnDef<HelpRow>[] => [
  { key: 'title', title: 'content.field.title', width: 260 },
  { key: 'lang', title: 'content.field.lang', kind: 'tag', width: 120, format: (r) => opt(intl, 'lang', r.lang) },
  { key: 'category', title: 'content.field.category', kind: 'tag', width: 120, format: (r) => opt(intl, 'category', r.category) },
  { key: 'sort', title: 'content.field.sort', kind: 'number', width: 80, sortable: true },
  { key: 'published', title: 'content.field.published', kind: 'tag', width: 100, format: (r) => yes(intl, r.published), tagColor: (r) => (r.published ? '#2f9e44' : '#868e96') },
  { key: 'body', title: 'content.field.body', width: 320 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'updated_at', title: 'content.field.updated_at', kind: 'datetime', sortable: true },
];
const messageColumns = (intl: IntlShape): GridColumnDef<MessageRow>[] => [
  { key: 'title', title: 'content.field.title', width: 220 },
  { key: 'audience', title: 'content.field.audience', kind: 'tag', width: 120, format: (r) => opt(intl, 'audience', r.audience) },
  { key: 'customer_name', title: 'field.customer_id', width: 160, format: (r) => r.customer_name ?? '—' },
  { key: 'body', title: 'content.field.body', width: 320 },
  { key: 'publish_at', title: 'content.field.publish_at', kind: 'datetime', sortable: true },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime' },
];

export function BannerScreen() {
  return <ListScreen<BannerRow> screen="merchant.banner" url={CONTENT_API.bannerList} schema={bannerListQuery} columns={bannerColumns}
    intro="content.banner.intro" defaultSort="sort:asc" testId="banner-screen" extra={<ImageUpload />} />;
}
export function AppUpdateScreen() {
  return <ListScreen<VersionRow> screen="app.App_Update" url={CONTENT_API.versionList} schema={versionListQuery} columns={versionColumns}
    intro="content.version.intro" defaultSort="created_at:desc" testId="app-update-screen" />;
}
export function AppHelpScreen() {
  return <ListScreen<HelpRow> screen="app.App_Help" url={CONTENT_API.helpList} schema={helpListQuery} columns={helpColumns}
    intro="content.help.intro" defaultSort="sort:asc" testId="app-help-screen" />;
}
export function AppMessageScreen() {
  return <ListScreen<MessageRow> screen="app.App_Message" url={CONTENT_API.messageList} schema={messageListQuery} columns={messageColumns}
    intro="content.message.intro" defaultSort="publish_at:desc" testId="app-message-screen" />;
}
