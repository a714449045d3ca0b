import { Alert, Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { QUICK_RESULT_KEYS, WORKBENCH_SCREEN } from '../../../commands/collectionWorkbench.commands';
import { executeCommand, useCommandDone, useCommandUi, useScreenSelection, type Row } from '../../app/commands';
import { hotkeyFilter } from '../../app/hotkeys/CommandHotkeys';
import { expectDialog, setBusy } from '../../app/hotkeys/keyGate';
import { useDict } from '../../app/lib/dict';
import { notify } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { caseQuery } from '../../schemas/collection';
import type { CallAnswer, CaseContact, CaseDetail, MyCaseRow } from '../../schemas/collectionWorkbench';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { CallBox, type ActiveCall } from './CallBox';
import { CaseList } from './CaseList';
import { CasePanel, KeyLegend } from './CasePanel';
import { ContactPicker, NoteDialog, PromiseDialog, ResultDialog, type CallChoice, type PromiseTarget } from './dialogs';
import { followCursor, mergeRows, moveCursor, openLink, secondsSince } from './logic';
import { workbenchApi } from './workbench.api';

const S = WORKBENCH_SCREEN;
/** The workbench's name in the key gate's busy set. */
const BUSY = 'collectionWorkbench';
const FILTERS = caseQuery.pick({ order_no: true, phone: true, customer_name: true, promise_status: true, overdue_min: true, overdue_max: true });
const TITLES = { overdue_min: 'collectionWorkbench.filter.overdue_min', overdue_max: 'collectionWorkbench.filter.overdue_max', promise_status: 'collectionWorkbench.field.promise' };

/**
 * /collection/myCollectionList — the collector's keyboard workbench (docs/collectionWorkbench.md): my cases
 * on the left in working order, the open case on the right. j/k (↑/↓) move, Enter opens, ] (Shift+J) opens the next
 * case; c calls the customer, Shift+C a contact, 1–6 record the call result by its position, r a result with its
 * disposition, p a promise, n a note, e ends the call. The keys are the registry's commands of this screen (the
 * palette lists them); this screen supplies their values (useCommandUi), and the open case is the selection they act on.
 */
export default function WorkbenchScreen() {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const filtersKey = JSON.stringify(filters);
  const options = useRemote((signal) => workbenchApi.options(signal), []);
  const results = useMemo(() => options.data?.results ?? [], [options.data]);
  const dispositions = useMemo(() => options.data?.dispositions ?? [], [options.data]);
  const resultLabel = useCallback((v: string) => results.find((r) => r.value === v)?.label ?? v, [results]);
  const dispositionLabel = useCallback((v: string) => dispositions.find((r) => r.value === v)?.label ?? v, [dispositions]);
  const relations = useDict('relation');

  // ------------------------------------------------------------------ the list, in a stable working order
  const [rows, setRows] = useState<MyCaseRow[]>([]);
  const [total, setTotal] = useState(0);
  const [truncated, setTruncated] = useState(false);
  const [listLoading, setListLoading] = useState(true);
  const [listError, setListError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  const [worked, setWorked] = useState<Set<number>>(() => new Set());
  const state = useRef({ rows, cursor, openId, filtersKey: '' });
  state.current.rows = rows;
  state.current.cursor = cursor;
  state.current.openId = openId;

  useEffect(() => {
    const ctl = new AbortController();
    const fresh = state.current.filtersKey !== filtersKey;
    setListLoading(true);
    workbenchApi.myCases(filters, ctl.signal).then((a) => {
      if (ctl.signal.aborted) return;
      state.current.filtersKey = filtersKey;
      const next = fresh ? a.rows : mergeRows(state.current.rows, a.rows);
      const cursorId = state.current.cursor === null ? null : state.current.rows[state.current.cursor]?.id ?? null;
      const c = fresh ? (next.length ? 0 : null) : followCursor(next, cursorId, state.current.cursor);
      setRows(next);
      setTotal(a.total);
      setTruncated(a.truncated);
      setCursor(c);
      // The first case opens by itself; a filter change opens the first of the new list.
      if (fresh || state.current.openId === null) setOpenId(c === null ? null : next[c].id);
      setListError(null);
      setListLoading(false);
    }, (e: unknown) => {
      if (ctl.signal.aborted) return;
      setListError(e instanceof Error && e.message ? e.message : intl.formatMessage({ id: 'shell.screen.loadFailed' }));
      setListLoading(false);
    });
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, tick]);

  const detail = useRemote<CaseDetail | null>((signal) => (openId === null ? Promise.resolve(null) : workbenchApi.caseDetail(openId, signal)), [openId]);
  const shown = detail.data && detail.data.case.id === openId ? detail.data : null;

  // Keys aimed at the screen wait (the key gate) until the case they would act on is on screen: a `3` typed right
  // after `]` records on the case the collector then sees, never on one still loading.
  const notReady = (listLoading && rows.length === 0) || (openId !== null && !shown && !detail.error);
  useLayoutEffect(() => setBusy(BUSY, notReady), [notReady]);
  useEffect(() => () => setBusy(BUSY, false), []);

  // The open case is the selection the screen's commands act on.
  const publish = useScreenSelection(S);
  useEffect(() => publish(openId === null ? [] : [{ id: openId }]), [openId, publish]);

  const reload = useCallback(() => {
    setTick((n) => n + 1);
    detail.reload();
  }, [detail]);
  useCommandDone((d) => {
    if (d.id.startsWith(`${S}.`)) reload();
  });

  // ------------------------------------------------------------------ moving
  const openAt = useCallback((i: number | null) => {
    if (i === null) return;
    const r = state.current.rows[i];
    if (!r) return;
    // Not ready from this key on (before React renders), so that the next held key waits for this case.
    if (r.id !== state.current.openId) setBusy(BUSY, true);
    setCursor(i);
    setOpenId(r.id);
  }, []);
  const step = useCallback((delta: number, open: boolean) => {
    const next = moveCursor(state.current.cursor, delta, state.current.rows.length);
    if (open) openAt(next);
    else setCursor(next);
  }, [openAt]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.repeat) return;
      if (!hotkeyFilter(e)) return;
      const el = e.target as HTMLElement | null;
      if (e.key === 'Enter') {
        if (el && /^(BUTTON|A)$/.test(el.tagName)) return;
        e.preventDefault();
        openAt(state.current.cursor);
      } else if (e.key === 'j' || e.key === 'ArrowDown') {
        e.preventDefault();
        step(1, false);
      } else if (e.key === 'k' || e.key === 'ArrowUp') {
        e.preventDefault();
        step(-1, false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openAt, step]);

  useCommandUi(`${S}.next`, () => step(1, true));
  useCommandUi(`${S}.previous`, () => step(-1, true));

  // ------------------------------------------------------------------ calls
  const [call, setCall] = useState<ActiveCall | null>(null);
  /** The last call ended on a case, named by the next result recorded on it. */
  const lastCall = useRef<{ caseId: number; callId: number } | null>(null);
  const callRef = useRef(call);
  callRef.current = call;

  const endCall = useCallback(async (): Promise<{ caseId: number; callId: number } | null> => {
    const c = callRef.current;
    if (!c) return null;
    callRef.current = null;
    setCall(null);
    try {
      await executeCommand(`${S}.callEnd`, { call_id: c.callId, duration_seconds: secondsSince(c.startedAt, Date.now()) }, { intl, selection: [] });
    } catch {
      // shown by the command runner
    }
    lastCall.current = { caseId: c.caseId, callId: c.callId };
    return lastCall.current;
  }, [intl]);

  const placeCall = useCallback(async (caseId: number, target: { phone: string; contact?: CaseContact | null; name: string }) => {
    if (callRef.current) await endCall();
    const params: Record<string, unknown> = { phone: target.phone, contact_name: target.name.slice(0, 60) };
    if (target.contact) params.contact_id = target.contact.id;
    try {
      const command = target.contact ? `${S}.callContact` : `${S}.call`;
      const res = await executeCommand<CallAnswer>(command, params, { intl, selection: [{ id: caseId }] });
      openLink(res.link);
      const next = { callId: res.call_id, caseId, link: res.link, name: res.a_text || target.name, phone: res.phone, startedAt: Date.now() };
      callRef.current = next;
      setCall(next);
    } catch {
      // shown by the command runner
    }
  }, [endCall, intl]);

  const caseFor = (selection: readonly Row[]) => {
    const id = Number(selection[0]?.id);
    if (!Number.isFinite(id)) {
      notify('warning', 'command.needOne', undefined, intl);
      return null;
    }
    return id;
  };
  const detailFor = (id: number) => (detail.data && detail.data.case.id === id ? detail.data : null);
  const customerCall = (id: number) => {
    const d = detailFor(id);
    const row = state.current.rows.find((r) => r.id === id);
    const phone = d?.customer.phone ?? row?.phone;
    if (!phone) return;
    void placeCall(id, { phone, name: d?.customer.name ?? row?.customer_name ?? '' });
  };

  useCommandUi(`${S}.call`, ({ selection }) => {
    const id = caseFor(selection);
    if (id !== null) customerCall(id);
  });
  const [picker, setPicker] = useState<{ caseId: number; choices: CallChoice[] } | null>(null);
  useCommandUi(`${S}.callContact`, ({ selection }) => {
    const id = caseFor(selection);
    const d = id === null ? null : detailFor(id);
    if (id === null || !d) return;
    expectDialog();
    const relationOf = (k: CaseContact) => (k.relation ? relations.items.find((i) => String(i.value) === k.relation)?.label ?? k.relation : intl.formatMessage({ id: `collectionWorkbench.contactKind.${k.kind === 'emergency' ? 'emergency' : 'phonebook'}` }));
    setPicker({
      caseId: id,
      choices: [
        { contact: null, name: d.customer.name, detail: intl.formatMessage({ id: 'collectionWorkbench.contacts.customer' }), phone: d.customer.phone },
        ...d.contacts.map((k) => ({ contact: k, name: k.name, detail: relationOf(k), phone: k.phone })),
      ],
    });
  });
  useCommandUi(`${S}.callEnd`, () => {
    if (!callRef.current) notify('warning', 'collectionWorkbench.noCall', undefined, intl);
    else void endCall();
  });

  // ------------------------------------------------------------------ results, promises, notes
  const recordResult = useCallback(async (caseId: number, command: string, values: Record<string, unknown>) => {
    let named: number | null = null;
    if (callRef.current?.caseId === caseId) named = (await endCall())?.callId ?? null;
    else if (lastCall.current?.caseId === caseId) named = lastCall.current.callId;
    await executeCommand(command, { ...values, ...(named ? { call_id: named } : {}) }, { intl, selection: [{ id: caseId }], quietInvalid: true });
    if (lastCall.current?.caseId === caseId) lastCall.current = null;
    setWorked((w) => new Set(w).add(caseId));
  }, [endCall, intl]);

  for (let n = 1; n <= QUICK_RESULT_KEYS; n++) {
    // The number of keys is a constant: the hooks run in the same order on every render.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    useCommandUi(`${S}.result${n}`, ({ selection }) => {
      const id = caseFor(selection);
      if (id === null) return;
      const r = results[n - 1];
      if (!r) {
        notify('warning', 'collectionWorkbench.noResultForKey', { key: n }, intl);
        return;
      }
      recordResult(id, `${S}.result${n}`, { result: r.value }).catch(() => undefined);
    });
  }

  const [resultFor, setResultFor] = useState<number | null>(null);
  useCommandUi(`${S}.result`, ({ selection }) => {
    const id = caseFor(selection);
    if (id !== null) expectDialog();
    setResultFor(id);
  });
  const [promiseFor, setPromiseFor] = useState<PromiseTarget | null>(null);
  useCommandUi(`${S}.promise`, ({ selection }) => {
    const id = caseFor(selection);
    const d = id === null ? null : detailFor(id);
    if (id === null || !d) return;
    expectDialog();
    setPromiseFor({ caseId: id, currency: d.order.currency, today: d.today, maxDate: d.promise_max_date, debt: d.order.remaining_debt });
  });
  const [noteFor, setNoteFor] = useState<number | null>(null);
  useCommandUi(`${S}.note`, ({ selection }) => {
    const id = caseFor(selection);
    if (id !== null) expectDialog();
    setNoteFor(id);
  });

  // ------------------------------------------------------------------ render
  return (
    <Stack gap="sm" data-testid="workbench" data-screen={S}>
      <FilterBar schema={FILTERS} value={filters} onApply={setFilters} titles={TITLES} busy={listLoading} onRefresh={reload} />
      {listError && <Alert color="red" variant="light" p="xs">{listError}</Alert>}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="sm" p="xs">
            <Text size="xs" c="dimmed" mb={4} data-testid="wb-total">
              {truncated ? intl.formatMessage({ id: 'collectionWorkbench.list.truncated' }, { count: rows.length, total }) : intl.formatMessage({ id: 'list.total' }, { count: total })}
            </Text>
            <CaseList rows={rows} cursor={cursor} openId={openId} worked={worked} loading={listLoading} labelOf={resultLabel} onPick={openAt} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="sm" p="sm">
            <Stack gap="sm">
              <KeyLegend nodes={nodes as string[]} results={results} />
              {openId === null ? (
                <Text size="sm" c="dimmed" data-testid="wb-panel-empty">{intl.formatMessage({ id: 'collectionWorkbench.panel.empty' })}</Text>
              ) : shown ? (
                <CasePanel detail={shown} labels={{ result: resultLabel, disposition: dispositionLabel }}
                  onCall={(k) => (k ? void placeCall(shown.case.id, { phone: k.phone, contact: k, name: k.name }) : customerCall(shown.case.id))} />
              ) : detail.error ? (
                <Alert color="red" variant="light" p="xs" data-testid="wb-panel-error">{detail.error}</Alert>
              ) : (
                <Skeleton h={220} data-testid="wb-panel-loading" />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <CallBox call={call} onEnd={() => void endCall()} />
      <ContactPicker choices={picker?.choices ?? null} onClose={() => setPicker(null)} onPick={(c) => {
        const id = picker!.caseId;
        setPicker(null);
        void placeCall(id, { phone: c.phone, contact: c.contact, name: c.name });
      }} />
      <ResultDialog caseId={resultFor} results={results} dispositions={dispositions} onClose={() => setResultFor(null)}
        onSave={async (v) => {
          await recordResult(resultFor!, `${S}.result`, v);
          setResultFor(null);
        }} />
      <PromiseDialog target={promiseFor} onClose={() => setPromiseFor(null)} onSave={async (v) => {
        await executeCommand(`${S}.promise`, v, { intl, selection: [{ id: promiseFor!.caseId }], quietInvalid: true });
        setPromiseFor(null);
      }} />
      <NoteDialog caseId={noteFor} onClose={() => setNoteFor(null)} onSave={async (note) => {
        await executeCommand(`${S}.note`, { note }, { intl, selection: [{ id: noteFor! }], quietInvalid: true });
        setNoteFor(null);
      }} />
    </Stack>
  );
}
