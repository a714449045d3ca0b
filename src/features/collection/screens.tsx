import { Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useCommandDone, useCommandUi } from '../../app/commands';
import { COLLECTION_API, CASE_STATUSES } from '../../schemas/collection';
import {
  allocationListQuery, poolQuery, promptQuery, refundHistoryQuery, refundOrdersQuery, successQuery, supervisedCasesQuery, SUPERVISE_API,
  type AllocationRow, type CaseListRow, type RefundHistoryRow, type RefundOrderRow,
} from '../../schemas/collectionSupervise';
import { useRemote } from '../../ui/useRemote';
import { BoardPanels } from './BoardPanels';
import { getOptions } from './collection.api';
import { CollectionList, openCustomer, useCollectionChoices } from './CollectionListScreen';
import {
  allocationColumns, boardColumns, poolColumns, promptColumns, refundColumns, refundHistoryColumns, successColumns, type CaseColumnOptions,
} from './columns';
import { REFUND_COMMAND, RefundDialog } from './RefundDialog';

/** Screens of the collection area's pools, lists and supervision (docs/collection.md). */

function useScreenOptions() {
  const intl = useIntl();
  const options = useRemote((signal) => getOptions(signal), []).data;
  const choices = useCollectionChoices(options);
  const caseOptions = useMemo<CaseColumnOptions>(() => ({
    intl, results: new Map((options?.results ?? []).map((r) => [r.value, r.label])), onCustomer: openCustomer,
  }), [intl, options]);
  return { options, choices, caseOptions };
}

/** /collection/collectionRemark: the pool; c claims the selected case, a assigns the selected ones (supervisors). */
export function PoolScreen() {
  const { choices, caseOptions } = useScreenOptions();
  const columns = useMemo(() => poolColumns(caseOptions), [caseOptions]);
  return (
    <CollectionList<CaseListRow> screen="collection.collectionRemark" url={COLLECTION_API.pool} schema={poolQuery} columns={columns} choices={choices}
      defaultSort="stage_entered_at:asc" onOpen={openCustomer} testId="collection-pool-screen" />
  );
}

/** The board's filter row shows the status as a multi-select (the server also takes a comma list). */
const boardFilters = supervisedCasesQuery.extend({ status: z.array(z.enum(CASE_STATUSES)).max(CASE_STATUSES.length).optional() });

/**
 * /collection/CollectionServiceManagement: the supervisor's board — capacity alerts, live counts per collector
 * (every 15 s), the result of "run the collection day now", and every case with assign (a), return (shift+r),
 * stay (s) and run the day (shift+d).
 */
export function BoardScreen() {
  const { options, choices, caseOptions } = useScreenOptions();
  const columns = useMemo(() => boardColumns(caseOptions), [caseOptions]);
  return (
    <CollectionList<CaseListRow> screen="collection.CollectionServiceManagement" url={COLLECTION_API.cases} schema={boardFilters} columns={columns}
      choices={choices} defaultSort="id:desc" onOpen={openCustomer} height="48vh" testId="collection-board-screen">
      <BoardPanels options={options} />
    </CollectionList>
  );
}

/** /collection/collectionPromptList: reminder-stage cases; c claims, r records the reminder's result. */
export function PromptScreen() {
  const { choices, caseOptions } = useScreenOptions();
  const columns = useMemo(() => promptColumns(caseOptions), [caseOptions]);
  return (
    <CollectionList<CaseListRow> screen="collection.collectionPromptList" url={COLLECTION_API.prompt} schema={promptQuery} columns={columns} choices={choices}
      defaultSort="id:asc" onOpen={openCustomer} testId="collection-prompt-screen" />
  );
}

/** /collection/collectionSuccess: cases closed as a success. */
export function SuccessScreen() {
  const { choices, caseOptions } = useScreenOptions();
  const columns = useMemo(() => successColumns(caseOptions), [caseOptions]);
  return (
    <CollectionList<CaseListRow> screen="collection.collectionSuccess" url={COLLECTION_API.success} schema={successQuery} columns={columns} choices={choices}
      defaultSort="id:desc" onOpen={openCustomer} testId="collection-success-screen" />
  );
}

/**
 * /collection/refundTheAmount: orders holding customer credit (r refunds the selected one, in a dialog that shows the
 * credit), and the history of refunds.
 */
export function RefundScreen() {
  const intl = useIntl();
  const { choices } = useScreenOptions();
  const [row, setRow] = useState<RefundOrderRow | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  useCommandUi(REFUND_COMMAND, ({ selection }) => setRow((selection[0] as unknown as RefundOrderRow) ?? null));
  useCommandDone(() => setHistoryKey((k) => k + 1), REFUND_COMMAND);
  const columns = useMemo(() => refundColumns(intl, openCustomer), [intl]);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Tabs defaultValue="orders" keepMounted={false} data-testid="collection-refund-screen">
      <Tabs.List mb="sm">
        <Tabs.Tab value="orders">{t('collection.refund.orders')}</Tabs.Tab>
        <Tabs.Tab value="history">{t('collection.refund.history')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="orders">
        <CollectionList<RefundOrderRow> screen="collection.refundTheAmount" url={COLLECTION_API.refunds} schema={refundOrdersQuery} columns={columns}
          choices={choices} defaultSort="id:desc" onOpen={openCustomer} testId="collection-refund-orders" />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <CollectionList<RefundHistoryRow> key={historyKey} screen="collection.refundTheAmount.history" url={SUPERVISE_API.refundHistory} schema={refundHistoryQuery}
          columns={refundHistoryColumns} choices={choices} defaultSort="id:desc" label="collection.refund.history" testId="collection-refund-history" />
      </Tabs.Panel>
      <RefundDialog row={row} onClose={() => setRow(null)} />
    </Tabs>
  );
}

/** /collection/CollectionAllocationQuery: who got which case, from where, and why. */
export function AllocationScreen() {
  const intl = useIntl();
  const { choices } = useScreenOptions();
  const columns = useMemo(() => allocationColumns(intl), [intl]);
  return (
    <CollectionList<AllocationRow> screen="collection.CollectionAllocationQuery" url={COLLECTION_API.allocation} schema={allocationListQuery}
      omit={['from', 'to']} columns={columns} choices={choices} defaultSort="id:desc" testId="collection-allocation-screen" />
  );
}
