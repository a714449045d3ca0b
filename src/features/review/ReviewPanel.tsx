import { Alert, Badge, Button, Group, Kbd, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { openPath } from '../../app/router/openPath';
import { byId } from '../../../commands';
import { CUSTOMER_DETAIL_SCREEN } from '../../../commands/customer.commands';
import { can } from '../../../commands/permissions';
import { executeCommand, runInteractive, selectionStore, setCurrentScreen, setSelection, useCommandDone, useCommandUi, type Row } from '../../app/commands';
import { hotkeyCaps } from '../../app/hotkeys/keys';
import { useDict } from '../../app/lib/dict';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { REJECT_REASON_DICT, SERVICE_PAGES, STAGE_PAGES, type ReviewOrderDetail, type ServicePage, type StagePage } from '../../schemas/review';
import { Later } from '../../ui/Later';
import { useRemote } from '../../ui/useRemote';
import { BreakdownPanel } from '../scoring/BreakdownPanel';
import { useVersionedDecisions } from './decisions';
import { useStaleKeyGuard } from './keyGuard';
import { reviewApi } from './review.api';
import { openNext, prefetchNext, STATUS_COLORS, useRejectReasonChoices, word } from './shared';

const isStage = (t: string): t is StagePage => (STAGE_PAGES as readonly string[]).includes(t);
const isService = (t: string): t is ServicePage => (SERVICE_PAGES as readonly string[]).includes(t);

/** Decisions after which the keyboard flow opens the next order of the queue by itself. */
const MOVES_ON = ['approve', 'approveLimit', 'reject', 'batchReject', 'toService', 'release'];

/**
 * The review panel of /details/reviewDetails (mounted by the shared customer-detail view): the order, who holds it,
 * the machine review's per-rule breakdown, the review records of every stage, and the decision — approve (with an
 * optional limit) or reject with a reason from the dictionary.
 *
 * Opened from a queue (`type` = the queue's page), the panel makes that queue the current screen with this order as
 * its selected row, so the queue's own commands act on it: the hotkeys (a approve, r reject with the reason picker,
 * c claim, u release, s customer service, n next), the palette and the buttons here all run the same commands. After a
 * decision the next order of the queue is claimed and opened by itself (docs/review.md, keyboard flow).
 */
export default function ReviewPanel({ orderId, type }: { orderId: number; type: string }) {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const remote = useRemote((signal) => reviewApi.orderDetail(orderId, { silent: true, signal }), [orderId], () => reviewApi.orderDetailArrived(orderId));
  // The previous order's answer stays while the next one loads: only the answer for this order is shown and acted on.
  const detail = remote.data && remote.data.order.id === orderId ? remote.data : undefined;
  useRejectReasonChoices();
  // After a decision, until the next order is on screen, nothing is acted on (the order that was decided is gone).
  const [movingFrom, setMovingFrom] = useState<number | null>(null);
  const ready = !!detail && movingFrom !== orderId;

  // The screen whose commands act on this order: the service queue it was opened from, else the stage it waits in.
  const page: StagePage | ServicePage | null = isService(type) ? type : detail ? detail.page : isStage(type) ? type : null;
  const screen = page ? `review.${page}` : null;
  const row = useMemo<Row | null>(() => (detail ? {
    id: detail.order.id, customer_id: detail.order.customer_id, order_no: detail.order.order_no, status: detail.order.status, version: detail.version,
  } : null), [detail]);
  useVersionedDecisions(page && isStage(page) ? page : null);
  const ignored = useStaleKeyGuard(!!screen, ready);
  useClaimOnOpen(detail, type, nodes as string[], remote.reload);

  useEffect(() => {
    if (!screen) return;
    setCurrentScreen(screen);
    // No row while the order is loading or being moved on from: a key then has nothing to act on.
    setSelection(row && ready ? [row] : [], screen);
    return () => {
      if (selectionStore.screen !== screen) return;
      // Still on a detail route (the next order): the detail view's own actions again; elsewhere nothing.
      setCurrentScreen(/^\/(details|example)\//.test(window.location.pathname) ? CUSTOMER_DETAIL_SCREEN : null);
    };
  }, [screen, row, ready]);

  // Once this order is on screen, its queue's next one is fetched ahead: a decision made at once waits for what is
  // already on its way, a decision after reading finds it all here.
  useEffect(() => {
    if (ready && page && isStage(page)) prefetchNext(page, orderId);
  }, [ready, page, orderId]);

  const goOn = useCallback(() => {
    setMovingFrom(orderId);
    if (screen) setSelection([], screen);
    if (page && isStage(page)) void openNext(page, [orderId]).finally(() => setMovingFrom((m) => (m === orderId && currentId() === orderId ? null : m)));
    else if (page && isService(page)) openPath(byId.get(`review.${page}`)?.route ?? '/');
  }, [page, orderId, screen]);

  useCommandDone((d) => {
    if (!screen || !d.id.startsWith(`${screen}.`) || !d.selection.some((r) => Number(r.id) === orderId)) {
      if (d.id.startsWith('review.')) remote.reload();
      return;
    }
    const verb = d.id.slice(screen.length + 1);
    if (MOVES_ON.includes(verb) || verb === 'finish') goOn();
    else remote.reload();
  });
  useCommandUi(page && isStage(page) ? `review.${page}.next` : 'review.none.next', () => goOn());

  if (remote.error && !detail) {
    return <Alert color="red" data-testid="review-panel-error">{remote.error}</Alert>;
  }
  if (!detail || !row) return <Skeleton h={180} radius="sm" data-testid="review-panel-loading" />;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="review-panel" data-order={detail.order.id} data-status={detail.order.status} data-ready={ready}
      data-ignored-keys={ignored}>
      <Stack gap="sm">
        <Header detail={detail} page={page} />
        <Notices detail={detail} />
        <Summary detail={detail} />
        {screen && <Decision detail={detail} screen={screen} row={row} nodes={nodes as string[]} />}
        <Stack gap={4} data-testid="review-scoring">
          <Text size="sm" fw={600}>{intl.formatMessage({ id: 'review.panel.scoring' })}</Text>
          <Later placeholderHeight={120}><BreakdownPanel orderId={orderId} /></Later>
        </Stack>
        <Later><Records detail={detail} /></Later>
      </Stack>
    </Paper>
  );

}

/** The order id of the review details now on screen (the route's `id`). */
function currentId(): number {
  return Number(new URLSearchParams(window.location.search).get('id'));
}

/**
 * Opening an order of the queue it was opened from claims it for the reviewer (the next order is not claimed before
 * it is shown): when it waits unclaimed, not at customer service, and the reviewer may pass it. A claim someone else
 * won meanwhile shows as theirs after the reload.
 */
function useClaimOnOpen(detail: ReviewOrderDetail | undefined, type: string, nodes: string[], reload: () => void): void {
  const tried = useRef<number | null>(null);
  useEffect(() => {
    if (!detail || tried.current === detail.order.id || !isStage(type) || detail.page !== type) return;
    if (detail.task?.status === 'claimed' || detail.service || !detail.can_pass) return;
    const claim = byId.get(`review.${type}.claim`);
    if (!claim || !can(nodes, claim.permission)) return;
    tried.current = detail.order.id;
    void reviewApi.claim(type, detail.order.id, detail.version).then(reload, reload);
  }, [detail, type, nodes, reload]);
}

function Header({ detail: d, page: p }: { detail: ReviewOrderDetail; page: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <Title order={2} size="h5">{t('review.panel.title')}</Title>
        <Badge color={STATUS_COLORS[d.order.status]} radius="sm" tt="none" data-testid="review-status">{word(intl, 'status', d.order.status)}</Badge>
        {p && <Badge variant="light" radius="sm" tt="none">{t(`route.review.${p}`)}</Badge>}
        <Text size="sm" c="dimmed" dir="ltr">{d.order.order_no}</Text>
      </Group>
      <Text size="sm" data-testid="review-holder">
        {d.task === null ? '' : d.task.status !== 'claimed' ? t('review.unclaimed') : d.task.mine ? t('review.claimedByMe') : t('review.claimedBy', { name: d.task.assignee_name ?? '' })}
      </Text>
    </Group>
  );
}

function Notices({ detail: d }: { detail: ReviewOrderDetail }) {
  const intl = useIntl();
  return (
    <>
      {d.service && (
        <Alert color="orange" variant="light" p="xs" data-testid="review-in-service">
          {intl.formatMessage({ id: 'review.panel.inService' }, { name: d.service.sent_by_name ?? '', note: d.service.note })}
        </Alert>
      )}
      {!d.can_pass && d.page && (
        <Alert color="red" variant="light" p="xs" data-testid="review-same-reviewer">{intl.formatMessage({ id: 'review.panel.samePerson' })}</Alert>
      )}
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: label })}</Text>
      <Text size="sm" component="div">{children}</Text>
    </Stack>
  );
}

function Summary({ detail: d }: { detail: ReviewOrderDetail }) {
  const intl = useIntl();
  const o = d.order;
  const money = (v: number) => <span dir="ltr">{formatMoney(v, { currency: o.currency, minor: true })}</span>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="sm" verticalSpacing={6} data-testid="review-summary">
      <Item label="field.application_amount">{money(o.application_amount)}</Item>
      <Item label="field.loan_amount">{money(o.loan_amount)}</Item>
      <Item label="field.review_limit">{o.review_limit ? money(o.review_limit) : '—'}</Item>
      <Item label="field.loan_days">{o.loan_days}</Item>
      <Item label="field.product_id">{o.product_name}</Item>
      <Item label="field.merchant_id">{o.merchant_name ?? '—'}</Item>
      <Item label="field.customer_type">{word(intl, 'customer_type', o.is_returning ? 'returning' : 'new')}</Item>
      <Item label="field.machine_review_score">{o.machine_review_score ?? '—'}</Item>
      <Item label="field.review_stage">{word(intl, 'review_stage', o.review_stage) || '—'}</Item>
      <Item label="field.loan_remark">{o.loan_remark || '—'}</Item>
      <Item label="field.created_at"><span dir="ltr">{formatTime(o.created_at)}</span></Item>
    </SimpleGrid>
  );
}

/** Approve (optional limit in major units, remark) and reject (reason from the dictionary), plus claim, release, customer service. */
function Decision({ detail: d, screen, row, nodes }: { detail: ReviewOrderDetail; screen: string; row: Row; nodes: string[] }) {
  const intl = useIntl();
  const reasons = useDict(REJECT_REASON_DICT);
  const [limit, setLimit] = useState<number | string>('');
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const cmd = (name: string) => {
    const c = byId.get(`${screen}.${name}`);
    return c && can(nodes, c.permission) ? c : null;
  };
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // shown by the command runner
    } finally {
      setBusy(false);
    }
  };
  const selection = [row];
  const approve = cmd('approve');
  const reject = cmd('reject');
  const claim = cmd('claim');
  const release = cmd('release');
  const toService = cmd('toService');
  const finish = cmd('finish');
  const inStage = d.page !== null && `review.${d.page}` === screen;
  const minor = limit === '' ? undefined : Math.round(Number(limit) * 10 ** currencyDigits(d.order.currency));

  const Key = ({ k }: { k: string }) => <>{hotkeyCaps(k).map((c) => <Kbd key={c} size="xs" ml={4}>{c}</Kbd>)}</>;
  return (
    <Stack gap="xs" data-testid="review-decision">
      {inStage && (approve || reject) && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {approve && (
            <NumberInput size="xs" w={170} label={intl.formatMessage({ id: 'field.review_limit' })} value={limit} onChange={setLimit} min={0}
              decimalScale={currencyDigits(d.order.currency)} thousandSeparator="," hideControls data-testid="review-limit" />
          )}
          {reject && (
            <Select size="xs" w={220} label={intl.formatMessage({ id: 'field.reject_reason' })} value={reason} onChange={setReason} clearable searchable
              data={reasons.items.filter((i) => i.enabled !== false).map((i) => ({ value: String(i.value), label: i.label }))} data-testid="review-reason" />
          )}
          <TextInput size="xs" w={240} label={intl.formatMessage({ id: 'field.remark' })} value={remark} maxLength={200} onChange={(e) => setRemark(e.currentTarget.value)} />
          {approve && (
            <Button size="xs" color="teal" loading={busy} data-testid="review-approve"
              onClick={() => run(() => executeCommand(approve.id, { ...(minor !== undefined ? { limit: minor } : {}), ...(remark ? { remark } : {}) }, { intl, selection }))}>
              {intl.formatMessage({ id: 'action.review.approve' })}<Key k="a" />
            </Button>
          )}
          {reject && (
            <Button size="xs" color="red" variant="light" loading={busy} data-testid="review-reject"
              onClick={() => run(() => (reason ? executeCommand(reject.id, { reason, ...(remark ? { remark } : {}) }, { intl, selection }) : runInteractive(reject.id, { intl, selection })))}>
              {intl.formatMessage({ id: 'action.review.reject' })}<Key k="r" />
            </Button>
          )}
        </Group>
      )}
      <Group gap="xs">
        {inStage && claim && d.task?.status !== 'claimed' && (
          <Button size="compact-xs" variant="default" onClick={() => run(() => executeCommand(claim.id, {}, { intl, selection }))}>{intl.formatMessage({ id: 'action.review.claim' })}<Key k="c" /></Button>
        )}
        {inStage && release && d.task?.status === 'claimed' && (
          <Button size="compact-xs" variant="default" onClick={() => run(() => executeCommand(release.id, {}, { intl, selection }))}>{intl.formatMessage({ id: 'action.review.release' })}<Key k="u" /></Button>
        )}
        {inStage && toService && !d.service && (
          <Button size="compact-xs" variant="default" onClick={() => run(() => runInteractive(toService.id, { intl, selection }))}>{intl.formatMessage({ id: 'action.review.toService' })}<Key k="s" /></Button>
        )}
        {d.service && finish && (
          <Button size="compact-xs" variant="default" onClick={() => run(() => runInteractive(finish.id, { intl, selection }))}>{intl.formatMessage({ id: 'action.review.finish' })}<Key k="f" /></Button>
        )}
        {d.page && isStage(d.page) && <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'review.panel.keys' })}</Text>}
      </Group>
    </Stack>
  );
}

function Records({ detail: d }: { detail: ReviewOrderDetail }) {
  const intl = useIntl();
  const money = (v: number | null) => (v === null ? '' : formatMoney(v, { currency: d.order.currency, minor: true }));
  return (
    <Stack gap={4} data-testid="review-records">
      <Text size="sm" fw={600}>{intl.formatMessage({ id: 'review.panel.records' })}</Text>
      {!d.records.length ? (
        <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'common.noData' })}</Text>
      ) : (
        <Table striped withTableBorder verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage({ id: 'field.created_at' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'field.review_stage' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'field.review_result' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'field.reviewer' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'field.reason' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'field.review_limit' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.records.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td dir="ltr">{formatTime(r.created_at)}</Table.Td>
                <Table.Td>{word(intl, 'record_stage', r.stage)}</Table.Td>
                <Table.Td>{word(intl, 'record_result', r.result)}</Table.Td>
                <Table.Td>{r.account_name ?? '—'}</Table.Td>
                <Table.Td>{[r.reason_label || word(intl, 'result', r.reason), r.remark].filter(Boolean).join(' · ') || '—'}</Table.Td>
                <Table.Td dir="ltr">{money(r.limit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
