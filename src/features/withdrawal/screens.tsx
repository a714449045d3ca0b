import { useMemo } from 'react';
import { useSelection } from '../../app/commands';
import {
  paymentNoticeQuery, releaseQuery, taskQueueQuery, waitForQuery, withdrawalQueueQuery, WITHDRAWAL_LISTS,
} from '../../schemas/withdrawal';
import { useRemote } from '../../ui/useRemote';
import { noticeColumns, releaseColumns, taskColumns, waitingColumns, type ColumnOptions, type QueueRow } from './columns';
import { QueueScreen } from './QueueScreen';
import { getCards } from './withdrawal.api';

/** The nine /withdrawalMoney screens (docs/withdrawal.md says what each queue holds and who works it). */

const withHolder = (o: ColumnOptions) => waitingColumns(o);
const ownRows = (o: ColumnOptions) => waitingColumns(o, false);

export function WaitForScreen() {
  return <QueueScreen screen="withdrawal.waitFor" url={WITHDRAWAL_LISTS.waitFor} schema={waitForQuery} columns={withHolder} />;
}

export function MyWaitForScreen() {
  return <QueueScreen screen="withdrawal.MywaitForOrder" url={WITHDRAWAL_LISTS.MywaitForOrder} schema={withdrawalQueueQuery} columns={ownRows} />;
}

export function MarketScreen() {
  return <QueueScreen screen="withdrawal.MarketWaitTakeOrder" url={WITHDRAWAL_LISTS.MarketWaitTakeOrder} schema={withdrawalQueueQuery} columns={ownRows} />;
}

export function MyTakeScreen() {
  return <QueueScreen screen="withdrawal.MyTakeConfirmOrder" url={WITHDRAWAL_LISTS.MyTakeConfirmOrder} schema={withdrawalQueueQuery} columns={ownRows} />;
}

export function PaymentNoticeScreen() {
  return <QueueScreen screen="withdrawal.MyPaymentNoticeOrder" url={WITHDRAWAL_LISTS.MyPaymentNoticeOrder} schema={paymentNoticeQuery} columns={noticeColumns} defaultSort="created_at:desc" />;
}

const taskOrder = (r: QueueRow) => Number(r.order_id);

export function ReleaseScreen() {
  return <QueueScreen screen="withdrawal.waitingForRelease" url={WITHDRAWAL_LISTS.waitingForRelease} schema={releaseQuery} columns={releaseColumns} orderIdOf={taskOrder} />;
}

export function DormantScreen() {
  return <QueueScreen screen="withdrawal.dormantTask" url={WITHDRAWAL_LISTS.dormantTask} schema={taskQueueQuery} columns={taskColumns} defaultSort="created_at:desc" />;
}

/** Failed payouts: the return action offers the bound cards of the selected order's customer. */
export function CustomerServiceScreen() {
  const screen = 'withdrawal.WaitForcustomerService';
  const sel = useSelection();
  const rows = sel.screen === screen ? sel.rows : [];
  const orderId = rows.length === 1 ? Number(rows[0].id) : null;
  const cards = useRemote((signal) => (orderId ? getCards(orderId, signal) : Promise.resolve([])), [orderId]).data;
  const choices = useMemo(() => ({
    bank_card_id: (cards ?? []).map((c) => ({ value: String(c.id), label: `${c.bank_name} ****${c.card_last4}${c.current ? ' ✓' : ''}` })),
  }), [cards]);
  return <QueueScreen screen={screen} url={WITHDRAWAL_LISTS.WaitForcustomerService} schema={taskQueueQuery} columns={taskColumns} choices={choices} />;
}

export function SmsScreen() {
  return <QueueScreen screen="withdrawal.MywaitSMS" url={WITHDRAWAL_LISTS.MywaitSMS} schema={withdrawalQueueQuery} columns={withHolder} contacts={false} />;
}
