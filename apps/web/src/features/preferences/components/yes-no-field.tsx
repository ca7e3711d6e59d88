import { Group, Radio } from '@mantine/core';
import type { YesNo } from '../model/draft.ts';

type Props = { label: string; value: YesNo; onChange: (value: YesNo) => void; error?: string };

/** A Yes/No question as two radio buttons. */
export function YesNoField({ label, value, onChange, error }: Props) {
  return (
    <Radio.Group
      label={label}
      value={value}
      onChange={(v) => onChange(v === 'yes' ? 'yes' : 'no')}
      error={error}
      size="md"
    >
      <Group mt="xs" gap="xl">
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}
