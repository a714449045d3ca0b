import { RulesScreen } from './RulesScreen';

/** /merchant/orderScoringRule (menu label "order scoring rules"): each merchant's scorecard and its pass score. */
export default function OrderScoringRuleScreen() {
  return <RulesScreen kind="score" />;
}
