import { Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandUi } from '../../app/commands';
import { EXTENSION_API, EXTENSION_STATUSES } from '../../schemas/extension';
import type { ExtensionListRow } from '../../schemas/extensionQuote';
import { ApplyDialog, APPLY_COMMAND } from './ApplyDialog';
import { ExtensionList } from './ExtensionList';
import { PayDialog, PAY_COMMAND } from './PayDialog';

/** ExhibitionPeriodList: every application; n applies for one (the dialog with the order's quote). */
export function AllExtensionsScreen() {
  const [openKey, setOpenKey] = useState<number | null>(null);
  useCommandUi(APPLY_COMMAND, () => setOpenKey((k) => (k ?? 0) + 1));
  return (
    <ExtensionList screen="extension.ExhibitionPeriodList" url={EXTENSION_API.list} statuses={EXTENSION_STATUSES} testId="extension-list">
      <ApplyDialog openKey={openKey} onClose={() => setOpenKey(null)} />
    </ExtensionList>
  );
}

/** ExhibitionPeriodPassedList: passed (waiting for the payment) and paid; p records the payment of the row. */
export function PassedExtensionsScreen() {
  const [row, setRow] = useState<ExtensionListRow | null>(null);
  useCommandUi(PAY_COMMAND, ({ selection }) => setRow((selection[0] as unknown as ExtensionListRow) ?? null));
  return (
    <ExtensionList screen="extension.ExhibitionPeriodPassedList" url={EXTENSION_API.passedList} statuses={['passed', 'success']} testId="extension-passed">
      <PayDialog row={row} onClose={() => setRow(null)} />
    </ExtensionList>
  );
}

export function RejectedExtensionsScreen() {
  return <ExtensionList screen="extension.ExhibitionPeriodRejectsList" url={EXTENSION_API.rejectsList} statuses={null} testId="extension-rejects" />;
}

/**
 * /review/reviewExhibitionPeriod: applications under review, oldest first. The review queues' keyboard: j/k move,
 * Enter opens the customer, p passes, r rejects (asks for the remark) — on the cursor row or the selection.
 */
export function ReviewExtensionsScreen() {
  const intl = useIntl();
  return (
    <ExtensionList screen="review.reviewExhibitionPeriod" url={EXTENSION_API.reviewList} statuses={null} defaultSort="created_at:asc" review testId="extension-review">
      <Text size="xs" c="dimmed" data-testid="extension-review-keys">{intl.formatMessage({ id: 'extension.review.keys' })}</Text>
    </ExtensionList>
  );
}
