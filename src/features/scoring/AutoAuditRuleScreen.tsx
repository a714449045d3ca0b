import { RulesScreen } from './RulesScreen';

/** Spec /merchant/autoAuditRule: the machine-review decision rules of each merchant. */
export default function AutoAuditRuleScreen() {
  return <RulesScreen kind="audit" />;
}
