import { Group, Rating, Text } from '@mantine/core';
import { toast } from 'react-hot-toast';
import { DEFAULT_STAR_RATING, type AppointmentDto } from '@kindred/shared/appointments.schemas';
import { errorMessage } from '../../../lib/api-error.ts';
import { useChangeAppointment } from '../api/appointments.api.ts';

type Average = { average: number; count: number } | null;

/**
 * The clinic's stars. Read-only: the clinic's real average, or the default 3 of 5 before anyone has rated. When the
 * parent has a completed visit here (`rateable`), the stars are theirs to set for that visit.
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
  const value = rating?.average ?? DEFAULT_STAR_RATING;
  const label = rating
    ? `Rated ${rating.average.toFixed(1)} of 5 by ${rating.count} ${rating.count === 1 ? 'parent' : 'parents'} after their visits`
    : `Not rated yet: shown as ${DEFAULT_STAR_RATING} of 5. Parents can rate a clinic after a completed visit.`;
  return (
    <Group gap="xs" role="img" aria-label={label}>
      <Rating value={value} fractions={2} readOnly aria-hidden />
      <Text size="xs" c="var(--kindred-muted)" aria-hidden>
        {rating ? `${rating.average.toFixed(1)} (${rating.count})` : 'Not rated yet'}
      </Text>
    </Group>
  );
}
