import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import classes from './plans.module.css';

/** A plan's feature list with check marks, on the pricing page and the subscription page alike. */
export function PlanFeatures({ title, features }: { title: string; features: readonly string[] }) {
  return (
    <List
      className={classes.features}
      classNames={{ item: classes.feature }}
      spacing={8}
      size="sm"
      center
      aria-label={`${title} features`}
      icon={
        <ThemeIcon color="teal" size={20} radius="xl" variant="light" aria-hidden>
          <IconCheck size={13} />
        </ThemeIcon>
      }
    >
      {features.map((feature) => (
        <List.Item key={feature}>{feature}</List.Item>
      ))}
    </List>
  );
}
