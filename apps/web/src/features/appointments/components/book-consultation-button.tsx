import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { bookAppointmentPath } from '../../../lib/paths.ts';
import { choiceToParams, type BookingChoice } from '../lib/choice.ts';
import { BookingModal } from './booking-modal.tsx';

type Props = { donorReference: string; clinic: string; donorType: string };

/** "Book a consultation" on a match card and the donor page: the booking modal for the donor's clinic. */
export function BookConsultationButton({ donorReference, clinic, donorType }: Props) {
  const [open, setOpen] = useState(false);
  const choice: BookingChoice = { clinic, doner: donorReference, donorType };
  return (
    <>
      <Button
        variant="outline"
        color="plum"
        leftSection={<IconCalendarPlus size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Book a consultation about donor ${donorReference}`}
      >
        Book a consultation
      </Button>
      <BookingModal
        choice={open ? choice : null}
        onClose={() => setOpen(false)}
        returnPath={(c) => bookAppointmentPath(choiceToParams(c))}
      />
    </>
  );
}
