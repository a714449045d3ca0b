import { TopupList } from './TopupList';

/** /merchant IncreaseBalanceRecord: top-ups posted to merchants' available balances. */
export default function IncreaseScreen() {
  return <TopupList kind="increase" />;
}
