import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { ADD_ONS } from '@kindred/shared/plan-catalogue';

/** Add-ons (spec section 9): genetic risk assessment, fertility counseling, legal contract review. */
export function AddOns() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {ADD_ONS.map((addOn) => (
        <Paper key={addOn.name} component="article" withBorder radius="lg" p="lg" aria-label={addOn.name}>
          <Title order={3} fz="1.05rem" mb={6}>
            {addOn.name}
          </Title>
          <Text fw={700} fz="1.25rem" c="var(--kindred-ink)">
            {addOn.price}{' '}
            <Text component="span" fw={500} fz="sm" c="var(--kindred-muted)">
              {addOn.unit}
            </Text>
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
