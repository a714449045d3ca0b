import { TopupList } from './TopupList';

/** /merchant DecreaseBalanceRecord: withdrawals from merchants' available balances. */
export default function DecreaseScreen() {
  return <TopupList kind="decrease" />;
}
