import { ActionIcon, Group, Text, Tooltip, type TextProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import { copyText } from '../app/lib/copy';

export interface CopyTextProps extends Omit<TextProps, 'children'> {
  text: string | number | null | undefined;
  /** What to show (default the text itself). */
  children?: React.ReactNode;
}

/** A value with a copy button: copies through the copy helper (notification and copy audit, spec §5). */
export function CopyText({ text, children, ...textProps }: CopyTextProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'copy.button' });
  return (
    <Group gap={4} wrap="nowrap" display="inline-flex">
      <Text span size="sm" {...textProps}>
        {children ?? (text === null || text === undefined ? '' : String(text))}
      </Text>
      <Tooltip label={label} withArrow openDelay={400}>
        <ActionIcon variant="subtle" color="gray" size="xs" aria-label={label} onClick={() => void copyText(text)}>
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <rect x="9" y="9" width="13" height="13" rx="2" />
            <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
          </svg>
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
