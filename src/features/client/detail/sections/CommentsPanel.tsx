import { ActionIcon, Badge, Button, Group, Stack, Switch, Text, Textarea, Tooltip } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../../../commands';
import { CUSTOMER_DETAIL_SCREEN, CUSTOMER_NODES } from '../../../../../commands/customer.commands';
import { can } from '../../../../../commands/permissions';
import { confirmCommand, executeCommand, setSelection, useCommandDone } from '../../../../app/commands';
import { Icon } from '../../../../app/layout/icons';
import { notifyText } from '../../../../app/lib/notify';
import { formatRelative, formatTime } from '../../../../app/lib/time';
import { session } from '../../../../app/state/session';
import { COMMENT_MAX, type CommentRow } from '../../../../schemas/customer';
import { customerApi } from '../customerDetail.api';
import { NoData, useWord } from '../parts';
import classes from '../detail.module.css';
import { useComments } from './useComments';

export interface CommentsPanelHandle {
  /** Puts the cursor in the new-comment box (palette / hotkey "add comment"). */
  focusInput: () => void;
}

/** Whether the signed-in account may delete a comment without the "delete any" node: its own, with the add node. */
export function deletesOwnOnly(nodes: readonly string[], row: Pick<CommentRow, 'can_delete'>): boolean {
  return row.can_delete && !can(nodes, CUSTOMER_NODES.delComment);
}

/** Customer comments (spec §7 customer_comment): add, list, sign, essence, delete. */
export const CommentsPanel = forwardRef<CommentsPanelHandle, { customerId: number; onCount?: (n: number) => void }>(function CommentsPanel({ customerId, onCount }, ref) {
  const intl = useIntl();
  const word = useWord();
  const { nodes } = useSnapshot(session);
  const held = nodes as string[];
  const [essenceOnly, setEssenceOnly] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useComments(customerId, essenceOnly);

  useImperativeHandle(ref, () => ({ focusInput: () => input.current?.focus() }), []);
  useCommandDone(() => list.reload(), 'customer.comment.');
  useEffect(() => {
    if (!essenceOnly && !list.loading && !list.error) onCount?.(list.total);
  }, [essenceOnly, list.loading, list.error, list.total, onCount]);

  const canAdd = can(held, CUSTOMER_NODES.addComment);
  const canSign = can(held, CUSTOMER_NODES.signComment);
  const canEssence = can(held, CUSTOMER_NODES.essenceComment);

  const select = (row: CommentRow) => {
    setSelected(row.id);
    setSelection([row as unknown as Record<string, unknown>], CUSTOMER_DETAIL_SCREEN);
  };

  const add = async () => {
    const content = draft.trim();
    if (!content) return;
    setBusy(true);
    try {
      await executeCommand('customer.comment.add', { customer_id: customerId, content }, { intl });
      setDraft('');
    } catch {
      // shown already
    } finally {
      setBusy(false);
    }
  };

  const run = (id: string, row: CommentRow, params: Record<string, unknown>) =>
    executeCommand(id, params, { intl, selection: [row as unknown as Record<string, unknown>] }).catch(() => undefined);

  const remove = async (row: CommentRow) => {
    const cmd = byId.get('customer.comment.del')!;
    if (!(await confirmCommand(cmd, [row as unknown as Record<string, unknown>], intl))) return;
    if (!deletesOwnOnly(held, row)) {
      await run('customer.comment.del', row, {});
      return;
    }
    try {
      const r = await customerApi.deleteOwnComment(row.id);
      notifyText('success', r.msg || word('command.done'));
      list.reload();
    } catch {
      // shown already
    }
  };

  return (
    <Stack gap="xs">
      {canAdd && (
        <Stack gap={4}>
          <Textarea
            ref={input}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            placeholder={word('customer.comments.placeholder')}
            aria-label={word('customer.comments.placeholder')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={COMMENT_MAX}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void add();
              }
            }}
            data-testid="comment-input"
          />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">{word('customer.comments.hint', undefined, { n: draft.length, max: COMMENT_MAX })}</Text>
            <Button size="compact-sm" onClick={add} loading={busy} disabled={!draft.trim()} data-testid="comment-add">
              {word('action.customer.comment.add')}
            </Button>
          </Group>
        </Stack>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">{word('customer.comments.total', undefined, { count: list.total })}</Text>
        <Switch size="xs" label={word('customer.comments.essenceOnly')} checked={essenceOnly} onChange={(e) => setEssenceOnly(e.currentTarget.checked)} />
      </Group>
      {list.error && <Text size="sm" c="red">{list.error}</Text>}
      {!list.error && !list.loading && list.rows.length === 0 && <NoData />}
      <Stack gap={6} data-testid="comment-list">
        {list.rows.map((r) => (
          <div
            key={r.id}
            className={classes.comment}
            data-selected={selected === r.id || undefined}
            tabIndex={0}
            onFocus={() => select(r)}
            onClick={() => select(r)}
            data-testid="comment"
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap={6} wrap="wrap">
                <Text size="xs" fw={600}>{r.account_name || `#${r.account_id}`}</Text>
                <Tooltip label={formatTime(r.created_at)} withArrow openDelay={300}>
                  <Text size="xs" c="dimmed">{formatRelative(r.created_at, (id, v) => intl.formatMessage({ id }, v))}</Text>
                </Tooltip>
                {r.essence && <Badge size="xs" color="yellow" variant="light" radius="sm" tt="none">{word('customer.comments.essence')}</Badge>}
                {r.signed && <Badge size="xs" color="blue" variant="light" radius="sm" tt="none">{word('customer.comments.signed')}</Badge>}
              </Group>
              <Group gap={2} wrap="nowrap">
                {canSign && (
                  <Tooltip label={word(r.signed ? 'customer.comments.unsign' : 'customer.comments.sign')} withArrow openDelay={300}>
                    <ActionIcon size="sm" variant={r.signed ? 'light' : 'subtle'} color="blue"
                      aria-label={word(r.signed ? 'customer.comments.unsign' : 'customer.comments.sign')}
                      onClick={() => void run('customer.comment.sign', r, { signed: !r.signed })}>
                      <Icon name="check" size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {canEssence && (
                  <Tooltip label={word(r.essence ? 'customer.comments.unessence' : 'customer.comments.setEssence')} withArrow openDelay={300}>
                    <ActionIcon size="sm" variant={r.essence ? 'light' : 'subtle'} color="yellow"
                      aria-label={word(r.essence ? 'customer.comments.unessence' : 'customer.comments.setEssence')}
                      onClick={() => void run('customer.comment.essence', r, { essence: !r.essence })}>
                      <Icon name="tag" size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {r.can_delete && (
                  <Tooltip label={word('action.customer.comment.del')} withArrow openDelay={300}>
                    <ActionIcon size="sm" variant="subtle" color="red" aria-label={word('action.customer.comment.del')} onClick={() => void remove(r)}>
                      <Icon name="close" size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} mt={2}>{r.content}</Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
});
