import { Group, Rating, Text } from '@mantine/core';
import { toast } from 'react-hot-toast';
import { DEFAULT_STAR_RATING, type AppointmentDto } from '@kindred/shared/appointments.schemas';
import { errorMessage } from '../../../lib/api-error.ts';
import { useChangeAppointment } from '../api/appointments.api.ts';

type Average = { average: number; count: number } | null;

/**
 * The clinic's stars. Read-only: the clinic's real average, or "Not rated yet" and no stars before anyone has rated
 * (the spec's default 3 of 5 is the starting value of the parent's own rating). When the parent has a completed visit
 * here (`rateable`), the stars are theirs to set for that visit.
 */
export function ClinicStars({
  rating,
  rateable,
  clinicName,
}: {
  rating: Average;
  rateable?: AppointmentDto | null;
  clinicName: string;
}) {
  const change = useChangeAppointment();
  if (rateable) {
    return (
      <Group gap="xs">
        <Rating
          value={rateable.rating ?? DEFAULT_STAR_RATING}
          onChange={(stars) =>
            change.mutate(
              { kind: 'rate', id: rateable.id, stars },
              {
                onSuccess: (res) => toast.success(res.message),
                onError: (e) => toast.error(errorMessage(e, 'Your rating was not saved. Please try again.')),
              },
            )
          }
          aria-label={`Your rating of ${clinicName} after your visit`}
        />
        <Text size="xs" c="var(--kindred-muted)">
          {rateable.rating ? 'Your rating' : 'Rate your visit'}
        </Text>
      </Group>
    );
  }
  // Before anyone has rated, no stars: three grey stars beside "Not rated yet" read as a rating of 3 (issue 24).
  if (!rating) {
    return (
      <Text size="xs" c="var(--kindred-muted)" data-testid="clinic-rating">
        Not rated yet
      </Text>
    );
  }
  const label = `Rated ${rating.average.toFixed(1)} of 5 by ${rating.count} ${rating.count === 1 ? 'parent' : 'parents'} after their visits`;
  return (
    <Group gap="xs" role="img" aria-label={label} data-testid="clinic-rating">
      <Rating value={rating.average} fractions={2} readOnly aria-hidden />
      <Text size="xs" c="var(--kindred-muted)" aria-hidden>
        {`${rating.average.toFixed(1)} (${rating.count})`}
      </Text>
    </Group>
  );
}
