// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { COMMAND_DONE_EVENT, selectionStore } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { Providers, renderUi } from '../testing';
import DataGrid from './DataGrid';
import { ExportButton } from './ExportButton';
import type { GridColumnDef } from './columns';

// jsdom cannot draw a canvas: these tests cover what renders around it (toolbar, states, export progress).

const COLUMNS: GridColumnDef[] = [
  { key: 'id', title: 'field.id', kind: 'number' },
  { key: 'account', title: 'field.account', sortable: true },
];
const EMPTY = { rows: [], next_cursor: null, prev_cursor: null, total: 0, total_exact: true, total_capped: false };

let notes: Array<[string, string]>;
let prev: Notifier;
beforeEach(() => {
  notes = [];
  prev = setNotifier((k, m) => notes.push([k, m]));
  session.nodes = [SUPER_KEY];
});
afterEach(() => {
  setNotifier(prev);
  session.nodes = [];
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('DataGrid', () => {
  it('asks the list for the first page with the filters, the sort and the page size', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} filters={{ account: 'amy', blank: '' }} defaultSort="created_at:desc" />);
    await screen.findByTestId('grid-empty');
    expect(get).toHaveBeenCalledWith('/loanapi/x/list', { account: 'amy', size: 100, sort: 'created_at:desc' }, expect.objectContaining({ silent: true }));
  });

  it('shows a skeleton while the first page loads', async () => {
    vi.spyOn(api, 'get').mockReturnValue(new Promise(() => undefined) as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} />);
    expect(await screen.findByTestId('grid-loading')).toBeTruthy();
  });

  it('empty state: 暂无数据 in the user\'s language', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} />, 'zh');
    expect(await within(await screen.findByTestId('grid-empty')).findByText('暂无数据')).toBeTruthy();
    expect(screen.getByTestId('grid-total').textContent).toBe('共 0 条');
  });

  it('error state in the user\'s language, with Retry', async () => {
    const get = vi.spyOn(api, 'get')
      .mockRejectedValueOnce(new ApiError(50000, 'Dịch vụ tạm thời không khả dụng'))
      .mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} />, 'vi');
    const err = await screen.findByTestId('grid-error');
    expect(within(err).getByText('Không tải được danh sách')).toBeTruthy();
    expect(within(err).getByText('Dịch vụ tạm thời không khả dụng')).toBeTruthy();
    fireEvent.click(within(err).getByRole('button', { name: 'Thử lại' }));
    await screen.findByTestId('grid-empty');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('toolbar: the screen\'s actions from the registry, refresh and export', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} exportable />);
    const bar = await screen.findByTestId('command-toolbar');
    expect(within(bar).getByRole('button', { name: 'Add account' }).hasAttribute('disabled')).toBe(false);
    expect(bar.querySelector('[data-command="empower.user.edit"]')?.hasAttribute('disabled')).toBe(true);
    expect(within(bar).getByTestId('grid-refresh')).toBeTruthy();
    expect(within(bar).getByTestId('export-button')).toBeTruthy();
  });

  it('shows no actions the session may not run', async () => {
    session.nodes = [];
    vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} />);
    const bar = await screen.findByTestId('command-toolbar');
    expect(bar.querySelector('[data-command]')).toBeNull();
  });

  it('marks its screen current for the palette and the hotkeys', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} />);
    await screen.findByTestId('grid-empty');
    expect(selectionStore.screen).toBe('empower.user');
  });

  it('reloads after a command of its screen, not after others', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} />);
    await screen.findByTestId('grid-empty');
    expect(get).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new CustomEvent(COMMAND_DONE_EVENT, { detail: { id: 'system.dict.add', result: null, selection: [] } }));
    });
    expect(get).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new CustomEvent(COMMAND_DONE_EVENT, { detail: { id: 'empower.user.add', result: null, selection: [] } }));
    });
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('reloads from the top when the filters change, not when they are only a new object', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(EMPTY as never);
    const ui = renderUi(<DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} filters={{ account: 'a' }} />);
    await screen.findByTestId('grid-empty');
    ui.rerender(<Providers><DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} filters={{ account: 'a' }} /></Providers>);
    expect(get).toHaveBeenCalledTimes(1);
    ui.rerender(<Providers><DataGrid screenId="empower.user" url="/loanapi/x/list" columns={COLUMNS} filters={{ account: 'b' }} /></Providers>);
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/loanapi/x/list', { account: 'b', size: 100 }, expect.anything()));
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('ExportButton', () => {
  it('starts the export with the filters and the sort, shows progress while polling, opens the file', async () => {
    const opened: string[] = [];
    let release = false;
    const running = { status: 'running', rows_done: 250_000, rows_total: 1_000_000 };
    const done = { status: 'done', rows_done: 1_000_000, rows_total: 1_000_000, file_url: '/files/export/abc.csv?sig=1' };
    let polls = 0;
    const get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
      if (path === '/loanapi/x/list') return { job_id: 'j1', status: 'queued' };
      if (path === '/loanapi/export/status') {
        polls++;
        if (polls === 1) return { status: 'queued', rows_done: 0, rows_total: 0 };
        return release ? done : running;
      }
      throw new Error(path);
    }) as never);
    renderUi(<ExportButton url="/loanapi/x/list" filters={{ account: 'amy', empty: '' }} sort="id:desc" formats={['csv']} pollMs={5}
      openFile={(u) => { opened.push(u); return window; }} />);
    fireEvent.click(screen.getByTestId('export-button'));
    await waitFor(() => expect(screen.getByTestId('export-progress-text').textContent).toMatch(/250,000 of 1,000,000/));
    expect(screen.getByTestId('export-progress')).toBeTruthy();
    expect(screen.getByTestId('export-button').hasAttribute('disabled')).toBe(true);
    release = true;
    await screen.findByTestId('export-done');
    expect(opened).toEqual(['/files/export/abc.csv?sig=1']);
    expect(get).toHaveBeenCalledWith('/loanapi/x/list', { account: 'amy', sort: 'id:desc', download_excel: 1, format: 'csv' }, expect.anything());
    expect(get).toHaveBeenCalledWith('/loanapi/export/status', { id: 'j1' }, expect.anything());
  });

  it('opens a ready file at once', async () => {
    const opened: string[] = [];
    vi.spyOn(api, 'get').mockResolvedValue({ file_url: '/files/x.xlsx' } as never);
    renderUi(<ExportButton url="/loanapi/x/list" formats={['xlsx']} openFile={(u) => { opened.push(u); return null; }} />);
    fireEvent.click(screen.getByTestId('export-button'));
    await screen.findByTestId('export-done');
    expect(opened).toEqual(['/files/x.xlsx']);
    // The browser blocked the window: the link is there to click.
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/files/x.xlsx');
  });

  it('导出失败 when the job fails', async () => {
    vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
      if (path === '/loanapi/x/list') return { job_id: 7, status: 'running' };
      return { status: 'failed', rows_done: 10, rows_total: 100, error: 'disk full' };
    }) as never);
    renderUi(<ExportButton url="/loanapi/x/list" formats={['csv']} pollMs={5} />, 'zh');
    fireEvent.click(screen.getByTestId('export-button'));
    expect((await screen.findByTestId('export-failed')).textContent).toBe('导出失败');
    expect(notes).toContainEqual(['error', '导出失败']);
  });

  it('导出失败 when the request fails', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(50000, 'boom'));
    renderUi(<ExportButton url="/loanapi/x/list" formats={['csv']} />, 'zh');
    fireEvent.click(screen.getByTestId('export-button'));
    expect((await screen.findByTestId('export-failed')).textContent).toBe('导出失败');
  });

  it('offers both formats in a menu', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ file_url: '/f.xlsx' } as never);
    renderUi(<ExportButton url="/loanapi/x/list" openFile={() => window} />);
    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByText('Excel (.xlsx)'));
    await screen.findByTestId('export-done');
    expect(get).toHaveBeenCalledWith('/loanapi/x/list', { download_excel: 1, format: 'xlsx' }, expect.anything());
  });
});
