import { Anchor, Button, Group, Menu, Progress, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, api } from '../../app/api/request';
import { notify } from '../../app/lib/notify';
import { compactFilters, type Filters } from '../filterQuery';

/**
 * Export of a list (spec §7 `download_excel=1`): the list URL with the filters, the sort and `format`. The server
 * answers `{file_url}` (small lists: open it) or `{job_id, status}`; then GET /loanapi/export/status?id= is polled
 * about every second for `{status, rows_done, rows_total, file_url?, error?}`, with a progress bar, until done
 * (open the file) or failed (导出失败, `export.failed`).
 */
export const EXPORT_STATUS_PATH = '/loanapi/export/status';
export type ExportFormat = 'csv' | 'xlsx';

export interface ExportStart {
  file_url?: string;
  job_id?: string | number;
  status?: ExportStatus['status'];
  rows_done?: number;
  rows_total?: number;
}

export interface ExportStatus {
  status: 'queued' | 'running' | 'done' | 'failed';
  rows_done?: number;
  rows_total?: number;
  file_url?: string;
  error?: string;
}

export interface ExportButtonProps {
  url: string;
  filters?: Filters;
  sort?: string | null;
  formats?: readonly ExportFormat[];
  /** Poll interval, ms (default 1000). */
  pollMs?: number;
  /** How the file is opened (default a new window; null when the browser blocked it). */
  openFile?: (url: string) => Window | null;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; queued: boolean; done: number; total: number }
  | { kind: 'done'; url: string; blocked: boolean }
  | { kind: 'failed'; message: string };

/**
 * Opens the file in a new window. Long exports finish well after the click, when the browser may block a
 * window it did not see the user ask for: then the (attachment) link is followed by an anchor instead, which
 * downloads without leaving the page, and the Download link stays on screen.
 */
function defaultOpen(url: string): Window | null {
  const w = window.open(url, '_blank');
  if (w) {
    w.opener = null;
    return w;
  }
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
  return null;
}

export function ExportButton({ url, filters = {}, sort, formats = ['csv', 'xlsx'], pollMs = 1000, openFile = defaultOpen }: ExportButtonProps) {
  const intl = useIntl();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const alive = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const finish = (fileUrl: string) => {
    const w = openFile(fileUrl);
    setPhase({ kind: 'done', url: fileUrl, blocked: !w });
  };
  const failed = (e: unknown) => {
    if (!alive.current) return;
    const message = e instanceof ApiError && e.message ? e.message : typeof e === 'string' ? e : '';
    notify('error', 'export.failed', undefined, intl);
    setPhase({ kind: 'failed', message });
  };

  const poll = (id: string | number) => {
    timer.current = setTimeout(async () => {
      if (!alive.current) return;
      try {
        const st = await api.get<ExportStatus>(EXPORT_STATUS_PATH, { id }, { silent: true });
        if (!alive.current) return;
        if (st.status === 'done' && st.file_url) return finish(st.file_url);
        if (st.status === 'failed' || st.status === 'done') return failed(st.error ?? '');
        setPhase({ kind: 'running', queued: st.status === 'queued', done: st.rows_done ?? 0, total: st.rows_total ?? 0 });
        poll(id);
      } catch (e) {
        failed(e);
      }
    }, pollMs);
  };

  const start = async (format: ExportFormat) => {
    setPhase({ kind: 'starting' });
    try {
      const res = await api.get<ExportStart>(url, { ...compactFilters(filters), ...(sort ? { sort } : {}), download_excel: 1, format }, { silent: true });
      if (!alive.current) return;
      if (res?.file_url) return finish(res.file_url);
      if (res?.job_id === undefined || res.job_id === null) return failed('');
      setPhase({ kind: 'running', queued: res.status !== 'running', done: res.rows_done ?? 0, total: res.rows_total ?? 0 });
      poll(res.job_id);
    } catch (e) {
      failed(e);
    }
  };

  const busy = phase.kind === 'starting' || phase.kind === 'running';
  const label = intl.formatMessage({ id: 'export.button' });
  const button = formats.length === 1
    ? <Button size="xs" variant="default" loading={phase.kind === 'starting'} disabled={busy} onClick={() => void start(formats[0])} data-testid="export-button">{label}</Button>
    : (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" loading={phase.kind === 'starting'} disabled={busy} data-testid="export-button">{label}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {formats.map((f) => (
            <Menu.Item key={f} onClick={() => void start(f)} data-format={f}>{intl.formatMessage({ id: `export.${f}` })}</Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );

  return (
    <Group gap="xs" wrap="nowrap" data-testid="export" data-phase={phase.kind}>
      {button}
      {phase.kind === 'running' && (
        <Group gap={6} wrap="nowrap" miw={220}>
          <Progress
            w={120}
            size="sm"
            value={phase.total > 0 ? Math.min(100, (phase.done / phase.total) * 100) : 100}
            striped={phase.total === 0}
            animated={phase.total === 0}
            aria-label={label}
            data-testid="export-progress"
          />
          <Text size="xs" c="dimmed" data-testid="export-progress-text">
            {phase.total > 0
              ? intl.formatMessage({ id: 'export.progress' }, { done: phase.done, total: phase.total })
              : intl.formatMessage({ id: phase.queued ? 'export.queued' : 'export.running' })}
          </Text>
        </Group>
      )}
      {phase.kind === 'done' && (
        <Text size="xs" c="teal" data-testid="export-done">
          {intl.formatMessage({ id: 'export.ready' })}{' '}
          <Anchor href={phase.url} target="_blank" rel="noopener noreferrer" size="xs">{intl.formatMessage({ id: 'export.download' })}</Anchor>
        </Text>
      )}
      {phase.kind === 'failed' && (
        <Text size="xs" c="red" role="alert" title={phase.message || undefined} data-testid="export-failed">
          {intl.formatMessage({ id: 'export.failed' })}
        </Text>
      )}
    </Group>
  );
}
