import { Alert, Button, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { SlotDto } from '@kindred/shared/appointments.schemas';
import { useAvailability } from '../api/clinics.api.ts';
import { dayTimes, groupByDay, parentZone, todayIn } from '../../../lib/zoned-time.ts';

const DAYS = 14;

type Props = {
  clinic: string;
  visitTypeId: string;
  clinicianId?: string;
  value: SlotDto | null;
  onChange: (slot: SlotDto) => void;
  /** Shown above the times, e.g. that the picked time was just taken. */
  notice?: string | null;
  /** The first day to show (YYYY-MM-DD); today when absent or past. */
  startDate?: string;
  /** A start not to offer (a reschedule's current time, free with another clinician). */
  exclude?: string | null;
};

/** Times are unique within what is shown (one clinician, or the first free one at each time). */
const slotKey = (s: SlotDto) => s.starts_at;

function uniqueTimes(slots: readonly SlotDto[]): SlotDto[] {
  const seen = new Set<string>();
  return slots.filter((s) => !seen.has(s.starts_at) && seen.add(s.starts_at));
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Real free times from the clinic's availability: the days that have some, then that day's times, both as labelled
 * radio groups (fieldset and legend), in the parent's zone with the zone named. Used by booking and rescheduling.
 */
export function SlotPicker({ clinic, visitTypeId, clinicianId, value, onChange, notice, exclude, startDate }: Props) {
  const zone = parentZone();
  const [from, setFrom] = useState(() => (startDate && startDate > todayIn(zone) ? startDate : todayIn(zone)));
  const [day, setDay] = useState<string | null>(null);
  const ids = { dates: useId(), times: useId() };
  const {
    data: slots,
    isPending,
    error,
    refetch,
  } = useAvailability(clinic, {
    visit_type: visitTypeId,
    from,
    days: DAYS,
    clinician: clinicianId,
  });
  // With any clinician, one chip per time (the first clinician free then).
  // The picked time stays shown after a reload (once held, it is no longer free for others).
  const free = (slots ?? []).filter((x) => x.starts_at !== exclude);
  const all = value && !free.some((x) => x.starts_at === value.starts_at) ? [value, ...free] : free;
  const shown = clinicianId ? all : uniqueTimes(all);
  const days = groupByDay(shown, zone);
  const chosenDay =
    days.find((d) => d.date === day) ??
    days.find((d) => value && d.slots.some((x) => x.starts_at === value.starts_at)) ??
    days[0];
  // The chosen day's zone (not today's), and on a day the clocks change, each time with its own.
  const daySlots = chosenDay?.slots ?? [];
  const times = dayTimes(
    daySlots.map((s) => s.starts_at),
    zone,
  );

  if (isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading free times…</Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" title="We could not load the free times">
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {notice && (
        <Alert color="orange" variant="light" role="alert">
          {notice}
        </Alert>
      )}
      {days.length === 0 ? (
        <Text size="sm" c="var(--kindred-muted)">
          No free times in these two weeks.
        </Text>
      ) : (
        <>
          <fieldset className="kindred-fieldset">
            <legend id={ids.dates}>
              <Text size="sm" fw={600} component="span">
                Date
              </Text>
            </legend>
            <Chip.Group value={chosenDay?.date ?? null} onChange={(d) => setDay(d as string)}>
              <Group gap={6}>
                {days.map((d) => (
                  <Chip key={d.date} value={d.date} size="sm" variant="outline" type="radio" name={ids.dates}>
                    {d.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </fieldset>
          <fieldset className="kindred-fieldset">
            <legend id={ids.times}>
              <Text size="sm" fw={600} component="span">
                Time ({times.zone}; your time zone)
              </Text>
            </legend>
            <Chip.Group
              value={value ? slotKey(value) : null}
              onChange={(key) => {
                const slot = chosenDay?.slots.find((s) => slotKey(s) === key);
                if (slot) onChange(slot);
              }}
            >
              <Group gap={6}>
                {daySlots.map((s, i) => (
                  <Chip key={slotKey(s)} value={slotKey(s)} size="sm" type="radio" name={ids.times}>
                    {times.labels[i]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </fieldset>
        </>
      )}
      <Group gap="xs">
        {from > todayIn(zone) && (
          <Button size="xs" variant="subtle" onClick={() => setFrom(maxDate(addDays(from, -DAYS), todayIn(zone)))}>
            Earlier dates
          </Button>
        )}
        <Button size="xs" variant="subtle" onClick={() => setFrom(addDays(from, DAYS))}>
          Later dates
        </Button>
      </Group>
    </Stack>
  );
}
