import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { COPY_CONFIRMATION_MS, ID_SHORTEN_OVER, MSG, shortenId } from '@kindred/shared';

/**
 * An ID shown as first 4 … last 4 when longer than 8 characters, with a copy button whose tooltip says 'Copied!'
 * for 1.5 s (spec sections 2 and 9). The full ID stays available to screen readers and as the hover title.
 */
export function CopyableId({ id }: { id: string }) {
  const long = id.length > ID_SHORTEN_OVER;
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        span
        ff="monospace"
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        title={long ? id : undefined}
        aria-label={long ? `ID ${id}` : undefined}
      >
        {shortenId(id)}
      </Text>
      {long && (
        <CopyButton value={id} timeout={COPY_CONFIRMATION_MS}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? MSG.copied : 'Copy ID'} opened={copied ? true : undefined}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label={copied ? MSG.copied : 'Copy ID'}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
