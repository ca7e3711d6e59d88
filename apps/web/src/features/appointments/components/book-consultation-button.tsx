import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { bookAppointmentPath } from '../../../lib/paths.ts';
import { choiceToParams, type BookingChoice } from '../lib/choice.ts';

// The modal's code loads on the first click, not with every list of match cards.
const BookingModal = lazy(async () => ({ default: (await import('./booking-modal.tsx')).BookingModal }));

type Props = { donorReference: string; clinic: string; donorType: string };

/** "Book a consultation" on a match card and the donor page: the booking modal for the donor's clinic. */
export function BookConsultationButton({ donorReference, clinic, donorType }: Props) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const choice: BookingChoice = { clinic, doner: donorReference, donorType };
  return (
    <>
      <Button
        variant="outline"
        color="plum"
        leftSection={<IconCalendarPlus size={16} aria-hidden />}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-label={`Book a consultation about donor ${donorReference}`}
      >
        Book a consultation
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <BookingModal
            choice={open ? choice : null}
            onClose={() => setOpen(false)}
            returnPath={(c) => bookAppointmentPath(choiceToParams(c))}
          />
        </Suspense>
      )}
    </>
  );
}
