import { Alert, Badge, Box, Button, Group, Modal, Paper, ScrollArea, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../app/api/request';
import { executeCommand, useCommandDone, useCommandUi, useParamChoices, useSelection, type Row } from '../../app/commands';
import { CONFIG_API, type QuickRow } from '../../schemas/config';
import { FORUM_API, FORUM_RULES, forumListQuery, type ForumPostRow, type ForumThread } from '../../schemas/forum';
import type { MerchantOption } from '../../schemas/merchant';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { useRemote } from '../../ui/useRemote';

const SCREEN = 'app.App_Forum';
const TITLES = { merchant_id: 'field.merchant_id', reported: 'forum.filter.reported', hidden: 'forum.field.hidden', pinned: 'forum.field.pinned', q: 'forum.filter.q' };

/**
 * /AppConfig App_Forum (docs/forum.md): borrowers' posts, reported ones first. The pane shows the selected post's
 * thread and reports. H hides or shows the post again, P pins or unpins it (the wanted state is sent, taken from the
 * row on screen), R opens the reply box with the service quick replies.
 */
export default function ForumScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useUrlFilters(forumListQuery);
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []);
  const yn = useMemo(() => [{ value: 'true', label: w('forum.yes') }, { value: 'false', label: w('forum.no') }], [intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const choices = useMemo(() => ({
    merchant_id: (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    reported: yn, hidden: yn, pinned: yn,
  }), [merchants.data, yn]);
  useParamChoices(choices);

  const sel = useSelection();
  const selected = sel.screen === SCREEN && sel.rows.length === 1 ? (sel.rows[0] as unknown as ForumPostRow) : null;
  const thread = useRemote((signal) => (selected ? api.get<ForumThread>(FORUM_API.thread, { id: selected.id }, { silent: true, signal }) : Promise.resolve(null)), [selected?.id]);
  useCommandDone(() => thread.reload(), `${SCREEN}.`);

  // The row as the user saw it decides the new state: a second press after the grid reloaded flips it back on purpose.
  const toggle = (verb: 'hide' | 'pin', field: 'hidden' | 'pinned') => ({ selection }: { selection: Row[] }) => {
    const row = selection[0] as unknown as ForumPostRow;
    void executeCommand(`${SCREEN}.${verb}`, { [field]: !row[field] }, { intl, selection: [row as unknown as Row] }).catch(() => undefined);
  };
  useCommandUi(`${SCREEN}.hide`, toggle('hide', 'hidden'));
  useCommandUi(`${SCREEN}.pin`, toggle('pin', 'pinned'));
  const [replying, setReplying] = useState<ForumPostRow | null>(null);
  useCommandUi(`${SCREEN}.reply`, ({ selection }) => setReplying(selection[0] as unknown as ForumPostRow));

  const columns = useMemo<GridColumnDef<ForumPostRow>[]>(() => [
    { key: 'reports', title: 'forum.field.reports', kind: 'number', width: 90, sortable: true },
    { key: 'title', title: 'forum.field.title', width: 220 },
    { key: 'state', title: 'forum.field.state', kind: 'tag', width: 120,
      format: (r) => [r.hidden ? w('forum.state.hidden') : '', r.pinned ? w('forum.state.pinned') : ''].filter(Boolean).join(' · ') || w('forum.state.visible'),
      tagColor: (r) => (r.hidden ? '#868e96' : r.pinned ? '#1c7ed6' : '#2f9e44') },
    { key: 'replies', title: 'forum.field.replies', kind: 'number', width: 80 },
    { key: 'customer_name', title: 'forum.field.customer', width: 150, format: (r) => r.customer_name ?? '—' },
    { key: 'body', title: 'forum.field.body', width: 280 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 140 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const when = (s: string) => intl.formatDate(s, { dateStyle: 'short', timeStyle: 'short' });
  const t = thread.data;
  return (
    <Stack gap="sm" data-testid="forum-screen">
      <Text size="sm" c="dimmed">{w('forum.intro')}</Text>
      <FilterBar schema={forumListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box style={{ flex: 3, minWidth: 0 }}>
          <DataGrid<ForumPostRow> screenId={SCREEN} url={FORUM_API.list} columns={columns} filters={filters} defaultSort="reports:desc" exportable height="62vh" />
        </Box>
        <Box style={{ flex: 2, minWidth: 280 }} data-testid="forum-thread">
          {!selected && <Text size="sm" c="dimmed">{w('forum.selectOne')}</Text>}
          {selected && t && t.post.id === selected.id && (
            <ScrollArea.Autosize mah="62vh">
              <Stack gap="xs">
                <Group gap={6}>
                  <Text fw={600}>{t.post.title}</Text>
                  {t.post.pinned && <Badge size="xs">{w('forum.state.pinned')}</Badge>}
                  {t.post.hidden && <Badge size="xs" color="gray">{w('forum.state.hidden')}</Badge>}
                </Group>
                <Text size="xs" c="dimmed">{`${t.post.customer_name ?? '—'} · ${t.post.phone ?? ''} · ${when(t.post.created_at)}`}</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{t.post.body}</Text>
                {t.reports.length > 0 && (
                  <Alert color="orange" variant="light" p="xs">
                    {w('forum.reports', { count: t.reports.reduce((n, r) => n + r.count, 0) })}{' '}
                    {t.reports.map((r) => `${w(`option.reason.${r.reason}`)} × ${r.count}`).join(', ')}
                  </Alert>
                )}
                {t.replies.length === 0 && <Text size="xs" c="dimmed">{w('forum.noReplies')}</Text>}
                {t.replies.map((r) => (
                  <Paper key={r.id} withBorder p="xs" bg={r.author === 'staff' ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Text size="xs" c="dimmed">{`${r.author === 'staff' ? w('forum.staff') : w('forum.borrower')} · ${r.name ?? '—'} · ${when(r.created_at)}`}</Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{r.body}</Text>
                  </Paper>
                ))}
                <Text size="xs" c="dimmed">{w('forum.keys')}</Text>
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Box>
      </Group>
      {replying && <ReplyDialog post={replying} onClose={() => setReplying(null)} />}
    </Stack>
  );
}

function ReplyDialog({ post, onClose }: { post: ForumPostRow; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const quick = useRemote((signal) => api.get<QuickRow[]>(CONFIG_API.quickFor, { purpose: 'service' }, { silent: true, signal }), []);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await executeCommand(`${SCREEN}.reply`, { body }, { intl, quietInvalid: true, selection: [post as unknown as Row] });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, ['body']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={w('action.app.App_Forum.reply')} size="lg" data-testid="forum-reply-dialog">
      <Stack gap="xs">
        <Text size="sm" fw={500}>{post.title}</Text>
        {(quick.data ?? []).length > 0 && (
          <Select placeholder={w('forum.quickReply')} data={(quick.data ?? []).map((q) => ({ value: String(q.id), label: q.title }))} searchable clearable
            onChange={(v) => { const q = quick.data?.find((x) => String(x.id) === v); if (q) setBody((b) => (b ? `${b}\n${q.content}` : q.content)); }} />
        )}
        <Textarea data-autofocus value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={4} maxLength={FORUM_RULES.replyMax}
          label={w('forum.field.reply')} description={w('forum.replyHint', { max: FORUM_RULES.replyMax })} error={fieldError(problem?.fields ?? {}, 'body')}
          data-testid="forum-reply-body" />
        {problem?.message && <Alert color="red" variant="light">{problem.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{w('command.cancel')}</Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!body.trim()} data-testid="forum-reply-send">{w('command.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
